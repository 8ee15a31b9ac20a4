import type { DatabasePool } from 'slonik';
import type { EventStore } from '../infrastructure/eventstore/port';
import type { IdAllocator } from '../infrastructure/ids';
import type { JobQueue } from '../infrastructure/jobs';
import type { Reaction } from '../infrastructure/reaction';
import type { Config } from './config';
import type { Logger } from '../infrastructure/logger';
import type { ReadModelCache } from '../infrastructure/read-model-cache';
import type { WriteLookups } from '../commands/context';
import { toolStateReaction } from '../commands/request/tool-state-reaction';
import { engineerMailReaction } from '../commands/request/engineer-mail-reaction';
import { hotlineCloseReaction } from '../commands/hotline/close-reaction';
import { hotlineDepsOf, trackedMailJobs } from './routes/hotline';
import { signingStartReaction } from '../commands/signing/start-reaction';
import { innerRequestMailReaction } from '../commands/inner-request/mail-reaction';

export interface ReactionDeps {
  readonly store: EventStore;
  readonly pool: DatabasePool;
  readonly ids: IdAllocator;
  readonly jobs: JobQueue;
  readonly config: Config;
  readonly log: Logger;
  readonly cache: ReadModelCache;
  readonly lookups: WriteLookups;
}

/** Subscribers that turn events into side effects (jobs) or follow-up commands on other streams. */
export const allReactions = (deps: ReactionDeps): Reaction[] => [toolStateReaction(deps, deps.log), engineerMailReaction({ ...deps, jobs: trackedMailJobs(hotlineDepsOf(deps)) }), hotlineCloseReaction(() => hotlineDepsOf(deps)), signingStartReaction(deps, deps.log), innerRequestMailReaction({ ...deps, jobs: trackedMailJobs(hotlineDepsOf(deps)) })];
