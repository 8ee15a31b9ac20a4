import { sql, type CommonQueryMethods, type DatabaseTransactionConnection } from 'slonik';
import type { Position } from '../infrastructure/eventstore/port';

/**
 * The checkpoint row of a processor is its lock: whoever holds it (a batch's UPDATE of it, a reset's
 * or a swap's FOR UPDATE) is the only one writing the processor's tables and checkpoint, across
 * processes (two servers, a rebuild beside a live server). A batch, a reset and a rebuild's swap all
 * take it first.
 */

/** Another process (or a rebuild) moved the checkpoint since this one read it: reload and go on. */
export class CheckpointMoved extends Error {}

export const parsePosition = (commit: string | null, prepare: number | string | null): Position | null =>
  commit === null || prepare === null ? null : { commit: BigInt(commit), prepare: BigInt(prepare) };

/** Creates the checkpoint row when missing and locks it for the transaction. */
export const lockCheckpoint = async (tx: DatabaseTransactionConnection, name: string, version: number): Promise<void> => {
  await tx.query(sql.unsafe`
    INSERT INTO projection_checkpoints (name, version) VALUES (${name}, ${version})
    ON CONFLICT (name) DO NOTHING`);
  await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`);
};

/**
 * Moves the checkpoint rows of `from` (each from where this process last stored it) to `to`, and so
 * locks them for the transaction, in one statement: the batch written after it in the same
 * transaction commits with them or not at all. Throws CheckpointMoved unless every row stood where
 * expected (another process or a rebuild got there first; a waiting UPDATE re-checks a row once its
 * holder commits). With `asyncCommit` the transaction does not wait for its WAL flush (a projection's
 * batch and its checkpoint are lost together in a crash and applied again: waiting buys nothing).
 */
export const moveCheckpoints = async (
  tx: CommonQueryMethods,
  from: ReadonlyArray<{ name: string; expected: Position | null }>,
  to: Position,
  asyncCommit: boolean,
): Promise<void> => {
  const moved = sql.fragment`
    UPDATE projection_checkpoints c
    SET commit_position = ${to.commit.toString()}::xid8, prepare_position = ${to.prepare.toString()}::int8,
        status = 'running', error = NULL, updated_at = now()
    FROM unnest(${sql.array(from.map((f) => f.name), 'text')}, ${sql.array(from.map((f) => f.expected?.commit.toString() ?? null), 'text')},
                ${sql.array(from.map((f) => f.expected?.prepare.toString() ?? null), 'text')}) AS x(name, commit, prepare)
    WHERE c.name = x.name
      AND c.commit_position IS NOT DISTINCT FROM x.commit::xid8
      AND c.prepare_position IS NOT DISTINCT FROM x.prepare::int8
    RETURNING 1`;
  const row = asyncCommit
    ? await tx.one(sql.unsafe`WITH moved AS (${moved}) SELECT count(*)::int AS n, set_config('synchronous_commit', 'off', true) FROM moved`)
    : await tx.one(sql.unsafe`WITH moved AS (${moved}) SELECT count(*)::int AS n FROM moved`);
  if (row.n !== from.length) throw new CheckpointMoved();
};
