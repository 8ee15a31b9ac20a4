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
  /**
   * Reserved ids not handed out yet, as ranges [next, end). The next block is asked for while half
   * of the current one is left, so a command waits for a reservation only when ids run out faster
   * than a round trip (it used to be every `size`-th command, the tail of the create latency).
   */
  const reserved = new Map<string, Array<{ next: number; end: number }>>();
  const reserving = new Map<string, Promise<void>>();
  /** Bumped by ensureAbove: a reservation asked for before it may lie below the new floor. */
  let generation = 0;
  const reserve = (kind: string, size: number): Promise<void> => {
    let pending = reserving.get(kind);
    if (!pending) {
      const asked = generation;
      pending = nextBlock(kind, size)
        .then((first) => {
          if (asked !== generation) return;
          const ranges = reserved.get(kind) ?? [];
          ranges.push({ next: first, end: first + size });
          reserved.set(kind, ranges);
        })
        .finally(() => reserving.delete(kind));
      reserving.set(kind, pending);
    }
    return pending;
  };
  const next = async (kind: string): Promise<number> => {
    const size = options.reserve?.[kind] ?? 1;
    if (size <= 1) return nextBlock(kind, 1);
    for (;;) {
      const ranges = reserved.get(kind) ?? [];
      while (ranges.length && ranges[0]!.next >= ranges[0]!.end) ranges.shift();
      const left = ranges.reduce((n, r) => n + r.end - r.next, 0);
      if (left * 2 <= size) reserve(kind, size).catch(() => undefined);
      if (ranges.length) return ranges[0]!.next++;
      await reserve(kind, size);
    }
  };
  return {
    next,
    nextBlock,
    ensureAbove: async (kind, id) => {
      generation++;
      reserved.delete(kind);
      await pool.query(sql.unsafe`
        INSERT INTO id_counters (kind, last) VALUES (${kind}, ${id})
        ON CONFLICT (kind) DO UPDATE SET last = GREATEST(id_counters.last, ${id})`);
    },
  };
};
