import { sql, type DatabasePool } from 'slonik';

/**
 * Integer ids for new aggregates (the API contract uses numeric ids). Counters live in
 * PostgreSQL whichever event store adapter runs; a crash after allocation only leaves a gap.
 */
export interface IdAllocator {
  next(kind: string): Promise<number>;
  /** A block of `count` consecutive ids; returns the first. */
  nextBlock(kind: string, count: number): Promise<number>;
  /** Makes later ids start above `id` (seeded data with fixed ids). */
  ensureAbove(kind: string, id: number): Promise<void>;
}

export const postgresIdAllocator = (pool: DatabasePool): IdAllocator => {
  const nextBlock = async (kind: string, count: number) => {
    const last = await pool.oneFirst(sql.unsafe`
      INSERT INTO id_counters (kind, last) VALUES (${kind}, ${count})
      ON CONFLICT (kind) DO UPDATE SET last = id_counters.last + ${count}
      RETURNING last`);
    return Number(last) - count + 1;
  };
  return {
    next: (kind) => nextBlock(kind, 1),
    nextBlock,
    ensureAbove: async (kind, id) => {
      await pool.query(sql.unsafe`
        INSERT INTO id_counters (kind, last) VALUES (${kind}, ${id})
        ON CONFLICT (kind) DO UPDATE SET last = GREATEST(id_counters.last, ${id})`);
    },
  };
};
