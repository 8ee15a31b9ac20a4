import { sql, type CommonQueryMethods } from 'slonik';

type Db = Pick<CommonQueryMethods, 'any'>;

/** A stock item offered to a request (spare search dialog): set, code, title, cost, remaining. */
export interface SpareOffer {
  id: number;
  item_id: number;
  spares_set_id: number;
  set_title: string;
  contract: string;
  region_id: number | null;
  code: number | null;
  title: string;
  cost?: number;
  amount: number;
  remaining: number;
}

export interface SpareSearch {
  readonly region_id: number | null;
  readonly title: string | null;
  /** Items this request already holds are not offered again (requests.md 9). */
  readonly excludeRequestId: number | null;
  readonly limit?: number;
}

/** Items with a remainder above zero (remaining = amount - allocated to all requests). */
export const searchSpares = async (db: Db, q: SpareSearch): Promise<SpareOffer[]> => {
  const c = [sql.fragment`i.amount - i.allocated > 0`];
  if (q.region_id !== null) c.push(sql.fragment`s.region_id = ${q.region_id}`);
  if (q.title) {
    const like = `%${q.title.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    c.push(sql.fragment`(lower(i.title) LIKE ${like} OR i.code::text LIKE ${like} OR lower(s.title) LIKE ${like})`);
  }
  if (q.excludeRequestId !== null)
    c.push(sql.fragment`NOT EXISTS (SELECT 1 FROM rm_request_spares rs
      WHERE rs.request_id = ${q.excludeRequestId} AND rs.spares_set_id = i.spares_set_id AND rs.item_id = i.id)`);
  const rows = await db.any(sql.unsafe`
    SELECT i.id, i.spares_set_id, s.title AS set_title, s.contract, s.region_id, i.code, i.title, i.cost, i.amount,
           i.amount - i.allocated AS remaining
    FROM rm_spares_items i JOIN rm_spares_sets s ON s.id = i.spares_set_id
    WHERE ${sql.join(c, sql.fragment` AND `)}
    ORDER BY s.title, i.title, i.spares_set_id, i.id
    LIMIT ${q.limit ?? 500}`);
  return rows.map((r) => ({
    id: Number(r.id),
    item_id: Number(r.id),
    spares_set_id: Number(r.spares_set_id),
    set_title: String(r.set_title),
    contract: String(r.contract),
    region_id: r.region_id == null ? null : Number(r.region_id),
    code: r.code == null ? null : Number(r.code),
    title: String(r.title),
    cost: Number(r.cost),
    amount: Number(r.amount),
    remaining: Number(r.remaining),
  }));
};

/** A request's spares from the stock: item, set, code, title, cost, amount. */
export interface RequestSpare {
  spare_id: number;
  item_id: number;
  spares_set_id: number;
  set_title: string | null;
  code: number | null;
  title: string;
  cost?: number;
  amount: number;
  /** The most this request may hold of the item: the stock left plus what it holds now. */
  remaining: number;
}

export const requestSpares = async (db: Db, requestId: number): Promise<RequestSpare[]> =>
  (
    await db.any(sql.unsafe`
      SELECT rs.item_id, rs.spares_set_id, s.title AS set_title, rs.code, rs.title, rs.cost, rs.amount,
             COALESCE(i.amount - i.allocated, 0) + rs.amount AS remaining
      FROM rm_request_spares rs LEFT JOIN rm_spares_sets s ON s.id = rs.spares_set_id
      LEFT JOIN rm_spares_items i ON i.spares_set_id = rs.spares_set_id AND i.id = rs.item_id
      WHERE rs.request_id = ${requestId} ORDER BY rs.spares_set_id, rs.item_id`)
  ).map((r) => ({
    spare_id: Number(r.item_id),
    item_id: Number(r.item_id),
    spares_set_id: Number(r.spares_set_id),
    set_title: (r.set_title as string | null) ?? null,
    code: r.code == null ? null : Number(r.code),
    title: String(r.title),
    cost: Number(r.cost),
    amount: Number(r.amount),
    remaining: Number(r.remaining),
  }));
