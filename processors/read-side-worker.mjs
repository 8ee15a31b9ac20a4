// The read side worker's entry (processors/worker-read-side.ts starts it): a worker thread loads
// TypeScript through tsx's hooks, whether the server runs under `node --import tsx` or vitest.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
