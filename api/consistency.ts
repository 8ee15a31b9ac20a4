import type { Position } from '../infrastructure/eventstore/port';
import type { ReadSide } from '../processors/read-side';

/**
 * Read-your-own-writes. Every later call of the same user first waits (bounded) until the read
 * models have applied the last position that user wrote. A command whose answer itself reads a
 * read model it changed waits before answering (`afterCommand`); one answered from its own
 * stream only records the position (`recordWrite`) and answers at once.
 */
export class Consistency {
  private readonly lastWrite = new Map<number, Position>();

  constructor(
    private readonly runner: ReadSide,
    private readonly timeoutMs = 5000,
  ) {}

  recordWrite(userId: number | null, position: Position | null): void {
    if (position && userId !== null) this.lastWrite.set(userId, position);
  }

  async afterCommand(userId: number | null, position: Position | null): Promise<void> {
    if (!position) return;
    this.recordWrite(userId, position);
    if (await this.runner.waitFor(position, this.timeoutMs)) {
      if (userId !== null && this.lastWrite.get(userId) === position) this.lastWrite.delete(userId);
    }
  }

  async beforeQuery(userId: number): Promise<void> {
    const p = this.lastWrite.get(userId);
    if (!p) return;
    if (await this.runner.waitFor(p, this.timeoutMs) && this.lastWrite.get(userId) === p) this.lastWrite.delete(userId);
  }
}
