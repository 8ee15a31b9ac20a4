// The report job's sandboxed processor entry (api/jobs/report.ts gives it to BullMQ): the worker
// thread loads TypeScript through tsx's hooks, whether the server runs under `node --import tsx` or vitest.
import { register } from 'tsx/esm/api';

register();
const { default: processReport } = await import('./report-worker.ts');
export default processReport;
