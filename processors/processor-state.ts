import { positionToString, type Position, type StoredEvent } from '../infrastructure/eventstore/port';
import type { Projection } from '../infrastructure/projection';
import type { Reaction } from '../infrastructure/reaction';

/** What the runner drives: a read model, or a subscriber with effects outside the database. */
export type Processor = { kind: 'projection'; p: Projection } | { kind: 'reaction'; p: Reaction };

/** One processor's place in the log and its health, as the runner keeps it in memory. */
export interface ProcessorState {
  readonly processor: Processor;
  /** How far it has read (in memory); ahead of `persisted` after batches with nothing for it. */
  checkpoint: Position | null;
  /** The checkpoint as stored in projection_checkpoints. */
  persisted: Position | null;
  status: 'idle' | 'running' | 'failed' | 'stopped';
  error: string | null;
  stopRequested: boolean;
  loop: Promise<void> | null;
  /** The projection's memory between batches (ApplyContext.memo). */
  readonly memo: Map<string, unknown>;
  /** When an idle loop last stored a checkpoint that only moved over events of no interest (ms). */
  quietAt: number;
  /** The event it stopped on, when it failed. */
  failedOn: FailedEvent | null;
}

export const initialState = (processor: Processor): ProcessorState => ({
  processor,
  checkpoint: null,
  persisted: null,
  status: 'idle',
  error: null,
  stopRequested: false,
  loop: null,
  memo: new Map(),
  quietAt: 0,
  failedOn: null,
});

/** The event a projection could not apply: what an operator needs to find it in the log. */
export interface FailedEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  readonly position: string;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly status: string;
  readonly position: string;
  readonly error: string | null;
  /** Set when status is 'failed'. */
  readonly event: FailedEvent | null;
}

export const describeEvent = (e: StoredEvent): FailedEvent => ({ streamId: e.streamId, revision: e.revision, type: e.type, position: positionToString(e.position) });
