import type { DatabasePool } from 'slonik';
import type { EventStore } from '../infrastructure/eventstore/port';
import type { IdAllocator } from '../infrastructure/ids';
import type { JobQueue } from '../infrastructure/jobs';
import type { Logger } from '../infrastructure/logger';
import type { WriteContext } from '../commands/context';
import type { ReadSide } from '../processors/read-side';
import type { Config } from './config';
import type { Consistency } from './consistency';
import type { TokenSigner } from './auth/tokens';
import type { FileStore } from '../infrastructure/files/file-store';
import type { ReadModelCache } from '../infrastructure/read-model-cache';

/** Everything the HTTP layer needs, built once by the composition root (api/server.ts). */
export interface AppContext extends WriteContext {
  readonly config: Config;
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly ids: IdAllocator;
  readonly runner: ReadSide;
  readonly jobs: JobQueue;
  readonly tokens: TokenSigner;
  readonly consistency: Consistency;
  readonly log: Logger;
  readonly hashPassword: (password: string) => Promise<string>;
  readonly files: FileStore;
  readonly cache: ReadModelCache;
}
