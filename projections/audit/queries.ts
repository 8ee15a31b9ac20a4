import { sql, type CommonQueryMethods } from 'slonik';
import type { AuditFilter } from '../../domain/audit/filter';

type Db = CommonQueryMethods;

export interface AuditRow {
  position: string;
  ts: string;
  user_id: number | null;
  user: string | null;
  kind: string;
  object_id: string;
  event_type: string;
  summary: string;
  correlation_id: string | null;
}

const conditions = (f: AuditFilter, after: string | undefined) => {
  const c = [sql.fragment`TRUE`];
  if (f.from !== undefined) c.push(sql.fragment`a.ts >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to !== undefined) c.push(sql.fragment`a.ts <= ${new Date(f.to).toISOString()}::timestamptz`);
  if (f.userId !== undefined) c.push(sql.fragment`a.user_id = ${f.userId}`);
  if (f.kind !== undefined) c.push(sql.fragment`a.kind = ${f.kind}`);
  if (f.objectId !== undefined) c.push(sql.fragment`a.object_id = ${f.objectId}`);
  if (f.eventType !== undefined) c.push(sql.fragment`a.event_type = ${f.eventType}`);
  if (after !== undefined) c.push(sql.fragment`a.position < ${after}::int8`);
  return sql.join(c, sql.fragment` AND `);
};

const rowOf = (r: Record<string, unknown>): AuditRow => ({
  position: String(r.position),
  ts: new Date(r.ts as number | string).toISOString(),
  user_id: r.user_id == null ? null : Number(r.user_id),
  user: r.fio == null ? null : String(r.fio),
  kind: String(r.kind),
  object_id: String(r.object_id),
  event_type: String(r.event_type),
  summary: String(r.summary),
  correlation_id: r.correlation_id == null ? null : String(r.correlation_id),
});

/** Up to `limit` rows newest first, strictly before the cursor `after` (keyset: no OFFSET scans). */
export const auditRows = async (db: Db, f: AuditFilter, limit: number, after = f.after): Promise<AuditRow[]> =>
  (
    await db.any(sql.unsafe`
      SELECT a.position, a.ts, a.user_id, u.fio, a.kind, a.object_id, a.event_type, a.summary, a.correlation_id
      FROM rm_audit a LEFT JOIN rm_users u ON u.id = a.user_id
      WHERE ${conditions(f, after)}
      ORDER BY a.position DESC LIMIT ${limit}`)
  ).map(rowOf);

/** One screen page: the rows and the cursor of the next page (null on the last). */
export const auditPage = async (db: Db, f: AuditFilter): Promise<{ rows: AuditRow[]; next: string | null }> => {
  const rows = await auditRows(db, f, f.limit + 1);
  const more = rows.length > f.limit;
  const page = more ? rows.slice(0, f.limit) : rows;
  return { rows: page, next: more ? page[page.length - 1]!.position : null };
};

/** Every matching row in batches, newest first: an export never holds more than one batch. */
export async function* auditBatches(db: Db, f: AuditFilter, batchSize = 5000): AsyncGenerator<AuditRow[]> {
  let after = f.after;
  for (;;) {
    const rows = await auditRows(db, f, batchSize, after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.position;
  }
}
