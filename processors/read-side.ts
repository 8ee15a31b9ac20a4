import { hasReached, positionToString, type Position } from '../infrastructure/eventstore/port';
import type { WakeUp } from '../infrastructure/wake-up';
import type { FailedEvent, ProcessorState, ProjectionStatus } from './processor-state';

/**
 * What the API needs of the read side, whether the runner works in the server's own event loop
 * (ProjectionRunner) or in a worker thread (WorkerReadSide, READ_SIDE=worker).
 */
export interface ReadSide {
  /** Grows whenever the projection's tables change (ReadModelCache compares it). */
  version(name: string): number;
  /** Resolves true once the named processors (default: every projection) applied `position`. */
  waitFor(position: Position, timeoutMs?: number, names?: readonly string[]): Promise<boolean>;
  status(): ProjectionStatus[];
  projectionNames(): string[];
  start(names?: readonly string[]): void;
  stop(): Promise<void>;
  /** Processes one processor until it has read everything committed when it started (tests, CLI). */
  catchUp(name: string): Promise<number>;
}

/** One processor as the read side last reported it (a worker posts these to the server). */
export interface ProcessorSnapshot {
  readonly name: string;
  readonly kind: 'projection' | 'reaction';
  readonly status: ProcessorState['status'];
  readonly checkpoint: Position | null;
  readonly error: string | null;
  readonly failedOn: FailedEvent | null;
  readonly version: number;
}

export const statusOf = (s: ProcessorSnapshot): ProjectionStatus => ({
  name: s.name,
  status: s.status,
  position: positionToString(s.checkpoint),
  error: s.error,
  event: s.failedOn,
});

/**
 * Read-your-own-writes over processors' checkpoints: true once all `targets()` reached `position`,
 * false on timeout or when one of them failed. `advanced` is woken whenever they move.
 */
export const waitForPosition = async (
  targets: () => ReadonlyArray<Pick<ProcessorSnapshot, 'checkpoint' | 'status'>>,
  advanced: WakeUp,
  position: Position,
  timeoutMs: number,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = targets();
    if (now.every((s) => hasReached(s.checkpoint, position))) return true;
    if (now.some((s) => s.status === 'failed')) return false;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await advanced.wait(Math.min(left, 50));
  }
};
