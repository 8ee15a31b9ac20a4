import { sql, type DatabasePool } from 'slonik';
import type { ProjectionStatus } from '../processors/runner';

export interface ProcessorLag {
  readonly name: string;
  readonly status: ProjectionStatus['status'];
  /** Events of the log after its checkpoint (counted up to LAG_COUNT_CAP). */
  readonly behind: number;
  /** Age of the oldest event it has not handled yet, in seconds; 0 when caught up. */
  readonly lagSeconds: number;
}

/** A lag of more events than this is reported as this many (the count reads them). */
export const LAG_COUNT_CAP = 100_000;

const positionOf = (text: string): { commit: string; prepare: string } | null => {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  return m ? { commit: m[1]!, prepare: m[2]! } : null;
};

/**
 * How far each reaction is behind the PostgreSQL log: what monitoring needs after a burst (the
 * mails of thousands of new requests). Two index reads per reaction while caught up.
 */
export const reactionLags = async (pool: DatabasePool, statuses: readonly ProjectionStatus[]): Promise<ProcessorLag[]> => {
  const out: ProcessorLag[] = [];
  for (const s of statuses.filter((p) => p.name.startsWith('reaction:'))) {
    const at = positionOf(s.position);
    const after = at ? sql.fragment`WHERE (transaction_id, global_position) > (${at.commit}::xid8, ${at.prepare}::int8)` : sql.fragment``;
    const row = await pool.one(sql.unsafe`
      SELECT (SELECT count(*) FROM (SELECT 1 FROM es_events ${after} LIMIT ${LAG_COUNT_CAP}) t) AS behind,
             COALESCE(EXTRACT(EPOCH FROM now() - (SELECT created_at FROM es_events ${after} ORDER BY transaction_id, global_position LIMIT 1)), 0) AS lag`);
    out.push({ name: s.name, status: s.status, behind: Number(row.behind), lagSeconds: Math.max(0, Math.round(Number(row.lag))) });
  }
  return out;
};
