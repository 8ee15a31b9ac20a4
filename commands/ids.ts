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

export interface IdAllocatorOptions {
  /**
   * Kinds whose ids this process reserves several at a time (a round trip saved per new
   * aggregate of a busy kind). Ids then leave gaps on restart and are not ordered across processes;
   * nothing may read meaning into them.
   */
  readonly reserve?: Readonly<Record<string, number>>;
}

export const postgresIdAllocator = (pool: DatabasePool, options: IdAllocatorOptions = {}): IdAllocator => {
  const nextBlock = async (kind: string, count: number) => {
    const last = await pool.oneFirst(sql.unsafe`
      INSERT INTO id_counters (kind, last) VALUES (${kind}, ${count})
      ON CONFLICT (kind) DO UPDATE SET last = id_counters.last + ${count}
      RETURNING last`);
    return Number(last) - count + 1;
  };
  /** Reserved ids not handed out yet: [next, end). One reservation in flight per kind. */
  const reserved = new Map<string, { next: number; end: number }>();
  const reserving = new Map<string, Promise<void>>();
  const next = async (kind: string): Promise<number> => {
    const size = options.reserve?.[kind] ?? 1;
    if (size <= 1) return nextBlock(kind, 1);
    for (;;) {
      const r = reserved.get(kind);
      if (r && r.next < r.end) return r.next++;
      let pending = reserving.get(kind);
      if (!pending) {
        pending = nextBlock(kind, size)
          .then((first) => void reserved.set(kind, { next: first, end: first + size }))
          .finally(() => reserving.delete(kind));
        reserving.set(kind, pending);
      }
      await pending;
    }
  };
  return {
    next,
    nextBlock,
    ensureAbove: async (kind, id) => {
      reserved.delete(kind);
      await pool.query(sql.unsafe`
        INSERT INTO id_counters (kind, last) VALUES (${kind}, ${id})
        ON CONFLICT (kind) DO UPDATE SET last = GREATEST(id_counters.last, ${id})`);
    },
  };
};
