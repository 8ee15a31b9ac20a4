import { comparePositions, type EventStore, type Position } from '../infrastructure/eventstore/port';
import type { ReadSide } from '../processors/read-side';

/**
 * The header that carries a place in the log both ways: an answer to a write names the position
 * it wrote, and the client sends back the latest position it was given, so that whichever server
 * process takes its next call first waits until its read models have applied it.
 */
export const LOG_POSITION_HEADER = 'x-log-position';

export const formatPosition = (p: Position): string => `${p.commit}.${p.prepare}`;

/** A position as the client sent it back; null when absent or malformed (then there is nothing to wait for). */
export const parsePosition = (value: unknown): Position | null => {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(value);
  if (!m) return null;
  const commit = BigInt(m[1]!);
  const prepare = BigInt(m[2]!);
  // xid8 and bigint positions are below 2^63.
  return commit < 2n ** 63n && prepare < 2n ** 63n ? { commit, prepare } : null;
};

const later = (a: Position | undefined, b: Position): Position => (a && comparePositions(a, b) > 0 ? a : b);

/**
 * Read-your-own-writes. The route records the position a command appended; the answer carries it
 * (LOG_POSITION_HEADER) and the client sends it back with its next calls, which first wait
 * (bounded) until the read models have applied it, in any process. Within a process the user's
 * last write is also remembered, for clients that do not send the header back (scripts). A
 * command whose answer itself reads a read model it changed waits before answering
 * (`afterCommand`); one answered from its own stream only records the position (`recordWrite`).
 */
export class Consistency {
  /** Positions this process's reads still have to wait for, per user (dropped once reached). */
  private readonly pending = new Map<number, Position>();
  /** The latest position each user wrote through this process: what a write's answer names. */
  private readonly written = new Map<number, Position>();

  constructor(
    private readonly runner: ReadSide,
    private readonly store: Pick<EventStore, 'headPosition'>,
    private readonly timeoutMs = 5000,
  ) {}

  recordWrite(userId: number | null, position: Position | null): void {
    if (!position || userId === null) return;
    this.pending.set(userId, position);
    this.written.set(userId, later(this.written.get(userId), position));
  }

  async afterCommand(userId: number | null, position: Position | null): Promise<void> {
    if (!position) return;
    this.recordWrite(userId, position);
    if (await this.runner.waitFor(position, this.timeoutMs)) {
      if (userId !== null && this.pending.get(userId) === position) this.pending.delete(userId);
    }
  }

  /** The position a write's answer names: the latest one the user wrote through this process. */
  positionOf(userId: number): Position | null {
    return this.written.get(userId) ?? null;
  }

  async beforeQuery(userId: number): Promise<void> {
    const p = this.pending.get(userId);
    if (!p) return;
    if (await this.runner.waitFor(p, this.timeoutMs) && this.pending.get(userId) === p) this.pending.delete(userId);
  }

  /**
   * Waits until the read models have applied the position the client sent back. One beyond the
   * log's head (a client that still holds a position of a database since recreated) is ignored.
   */
  async beforeCall(sent: Position | null): Promise<void> {
    if (!sent || (await this.runner.waitFor(sent, 0))) return;
    const head = await this.store.headPosition();
    if (!head || comparePositions(sent, head) > 0) return;
    await this.runner.waitFor(sent, this.timeoutMs);
  }
}
