import { sql, type DatabaseTransactionConnection } from 'slonik';
import { samePosition, type Position } from '../infrastructure/eventstore/port';

/**
 * The checkpoint row of a processor is its lock: whoever holds it (FOR UPDATE) is the only one
 * writing the processor's tables and checkpoint, across processes (two servers, a rebuild beside
 * a live server). A batch, a reset and a rebuild's swap all take it first.
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

/** Locks the checkpoint row, provided it still stands where this process last stored it. */
export const lockCheckpointAt = async (tx: DatabaseTransactionConnection, name: string, expected: Position | null): Promise<void> => {
  const row = await tx.maybeOne(sql.unsafe`
    SELECT commit_position::text AS commit, prepare_position AS prepare
    FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`);
  if (!row || !samePosition(parsePosition(row.commit as string | null, row.prepare as number | null), expected)) throw new CheckpointMoved();
};
