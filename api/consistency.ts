import type { Position } from '../commands/eventstore/port';
import type { ProjectionRunner } from '../projections/runner/runner';

/**
 * Read-your-own-writes. A command answers once the read models show its effect (bounded wait);
 * and any later call of the same user first waits for the last position that user wrote, in
 * case a previous wait timed out.
 */
export class Consistency {
  private readonly lastWrite = new Map<number, Position>();

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly timeoutMs = 5000,
  ) {}

  async afterCommand(userId: number | null, position: Position | null): Promise<void> {
    if (!position) return;
    if (userId !== null) this.lastWrite.set(userId, position);
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
