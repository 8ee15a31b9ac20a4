import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import type { Position } from '../infrastructure/eventstore/port';
import { moveCheckpoints, parsePosition } from './checkpoint-lock';
import { deferredWriteTransaction } from '../infrastructure/db/deferred-write-transaction';

/** The rows of projection_checkpoints: where each processor stands, its version and its state. */
export class Checkpoints {
  constructor(private readonly pool: DatabasePool) {}

  async row(name: string): Promise<{ version: number; position: Position | null } | null> {
    const row = await this.pool.maybeOne(sql.unsafe`
      SELECT version, commit_position::text AS commit, prepare_position AS prepare
      FROM projection_checkpoints WHERE name = ${name}`);
    return row ? { version: Number(row.version), position: parsePosition(row.commit as string | null, row.prepare as number | null) } : null;
  }

  async load(name: string): Promise<Position | null> {
    const row = await this.pool.maybeOne(sql.unsafe`
      SELECT commit_position::text AS commit, prepare_position AS prepare FROM projection_checkpoints WHERE name = ${name}`);
    return row ? parsePosition(row.commit as string | null, row.prepare as number | null) : null;
  }

  /** A new reaction starts at `head`: it must not replay side effects of the past. */
  async startAt(name: string, head: Position | null): Promise<void> {
    await this.pool.query(sql.unsafe`
      INSERT INTO projection_checkpoints (name, version, commit_position, prepare_position)
      VALUES (${name}, 1, ${head ? head.commit.toString() : null}::xid8,
              ${head ? head.prepare.toString() : null}::int8)
      ON CONFLICT (name) DO NOTHING`);
  }

  /**
   * Moves the checkpoint from `expected` to `to`, with `work` (the batch's writes) in the same
   * transaction; throws CheckpointMoved when another process moved it first. Two round trips when
   * the work reads nothing: BEGIN with the move (which locks the row), the writes with COMMIT
   * (infrastructure/db/deferred-write-transaction.ts).
   */
  async advance(
    name: string,
    expected: Position | null,
    to: Position,
    work: ((tx: DatabaseTransactionConnection) => Promise<void>) | null,
    options: { asyncCommit: boolean } = { asyncCommit: false },
  ): Promise<void> {
    if (!work) {
      // Nothing to write with it: one statement, its own transaction.
      await moveCheckpoints(this.pool, [{ name, expected }], to, options.asyncCommit);
      return;
    }
    await this.moveWith([{ name, expected, work }], to, options.asyncCommit);
  }

  /**
   * Several projections' batches in one transaction: one statement moves (and locks) their
   * checkpoints, then each writes its work in turn, one commit (not waiting for the WAL flush, as
   * every projection's batch). Throws CheckpointMoved when any checkpoint had moved; nothing is
   * written then, nor when any work throws.
   */
  async advanceTogether(
    from: ReadonlyArray<{ name: string; expected: Position | null; work: (tx: DatabaseTransactionConnection) => Promise<void> }>,
    to: Position,
  ): Promise<void> {
    await this.moveWith(from, to, true);
  }

  /** The move of `from` to `to` and each one's work, in one transaction (advance, advanceTogether). */
  private async moveWith(
    from: ReadonlyArray<{ name: string; expected: Position | null; work: (tx: DatabaseTransactionConnection) => Promise<void> }>,
    to: Position,
    asyncCommit: boolean,
  ): Promise<void> {
    await deferredWriteTransaction(this.pool, async (tx) => {
      await moveCheckpoints(tx, from, to, asyncCommit);
      for (const f of from) await f.work(tx);
    });
  }

  async markFailed(name: string, message: string): Promise<void> {
    await this.pool.query(sql.unsafe`UPDATE projection_checkpoints SET status = 'failed', error = ${message}, updated_at = now() WHERE name = ${name}`);
  }
}

/** Sets a checkpoint, its version and the state 'running' (a reset, a rebuild's swap). */
export const setCheckpoint = async (tx: DatabaseTransactionConnection, name: string, to: Position | null, version: number): Promise<void> => {
  await tx.query(sql.unsafe`
    UPDATE projection_checkpoints SET version = ${version},
      commit_position = ${to ? to.commit.toString() : null}::xid8, prepare_position = ${to ? to.prepare.toString() : null}::int8,
      status = 'running', error = NULL, updated_at = now()
    WHERE name = ${name}`);
};
