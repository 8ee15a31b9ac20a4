import { sql, type CommonQueryMethods } from 'slonik';
import { CUSTOM_PLAN } from '../../infrastructure/perf/prepared-statements';
import type { RequestSpare, SpareOffer } from '../../domain/spares/contracts';

type Db = Pick<CommonQueryMethods, 'any'>;

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

/** One stock item of the spares screen: remainder = amount − the amount used in requests. */
export interface SparesSetItemView {
  id: number;
  spares_set_id: number;
  code: number | null;
  title: string;
  cost: number;
  amount: number;
  used: number;
  remainder: number;
}

export interface SparesSetView {
  id: number;
  region_id: number | null;
  title: string;
  contract: string;
  spares_sets_items: SparesSetItemView[];
}

export interface SparesSetList {
  readonly region_id: number | null;
  /** The regions the caller may see; null = every region. */
  readonly regions?: readonly number[] | null;
  readonly text: string | null;
  readonly pageNumber: number;
}

const SETS_PAGE = 20;

/**
 * GET /api/spares_sets: 20 sets a page (by region, text over the set, contract and item titles),
 * each with its items. Two indexed reads: the page of sets, then their items.
 */
export const listSparesSets = async (db: Pick<CommonQueryMethods, 'any' | 'oneFirst'>, q: SparesSetList): Promise<{ sets: SparesSetView[]; pagesCount: number; itemsCount: number }> => {
  const c = [sql.fragment`TRUE`];
  if (q.region_id !== null) c.push(sql.fragment`s.region_id = ${q.region_id}`);
  if (q.regions) c.push(sql.fragment`s.region_id = ANY(${sql.array([...q.regions], 'int4')})`);
  if (q.text) {
    const like = `%${q.text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    c.push(sql.fragment`(lower(s.title) LIKE ${like} OR lower(s.contract) LIKE ${like}
      OR EXISTS (SELECT 1 FROM rm_spares_items i WHERE i.spares_set_id = s.id AND lower(i.title) LIKE ${like}))`);
  }
  const where = sql.fragment`${CUSTOM_PLAN}${sql.join(c, sql.fragment` AND `)}`;
  const count = Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_spares_sets s WHERE ${where}`));
  const pagesCount = Math.max(1, Math.ceil(count / SETS_PAGE));
  const page = Math.min(Math.max(1, q.pageNumber), pagesCount);
  const sets = await db.any(sql.unsafe`
    SELECT s.id, s.region_id, s.title, s.contract FROM rm_spares_sets s WHERE ${where}
    ORDER BY s.title, s.id LIMIT ${SETS_PAGE} OFFSET ${(page - 1) * SETS_PAGE}`);
  const ids = sets.map((s) => Number(s.id));
  const items = ids.length
    ? await db.any(sql.unsafe`
        SELECT spares_set_id, id, code, title, cost, amount, allocated FROM rm_spares_items
        WHERE spares_set_id = ANY(${sql.array(ids, 'int4')}) ORDER BY spares_set_id, id`)
    : [];
  const bySet = new Map<number, SparesSetItemView[]>();
  for (const r of items) {
    const setId = Number(r.spares_set_id);
    const list = bySet.get(setId) ?? [];
    list.push({
      id: Number(r.id),
      spares_set_id: setId,
      code: r.code == null ? null : Number(r.code),
      title: String(r.title),
      cost: Number(r.cost),
      amount: Number(r.amount),
      used: Number(r.allocated),
      remainder: Number(r.amount) - Number(r.allocated),
    });
    bySet.set(setId, list);
  }
  return {
    sets: sets.map((s) => ({
      id: Number(s.id),
      region_id: s.region_id == null ? null : Number(s.region_id),
      title: String(s.title),
      contract: String(s.contract),
      spares_sets_items: bySet.get(Number(s.id)) ?? [],
    })),
    pagesCount,
    itemsCount: count,
  };
};

export const sparesSetView = async (db: Pick<CommonQueryMethods, 'any' | 'oneFirst'>, id: number): Promise<SparesSetView | null> => {
  const rows = await db.any(sql.unsafe`SELECT s.id, s.region_id, s.title, s.contract FROM rm_spares_sets s WHERE s.id = ${id}`);
  if (!rows.length) return null;
  const items = await db.any(sql.unsafe`
    SELECT spares_set_id, id, code, title, cost, amount, allocated FROM rm_spares_items WHERE spares_set_id = ${id} ORDER BY id`);
  const s = rows[0]!;
  return {
    id,
    region_id: s.region_id == null ? null : Number(s.region_id),
    title: String(s.title),
    contract: String(s.contract),
    spares_sets_items: items.map((r) => ({
      id: Number(r.id),
      spares_set_id: id,
      code: r.code == null ? null : Number(r.code),
      title: String(r.title),
      cost: Number(r.cost),
      amount: Number(r.amount),
      used: Number(r.allocated),
      remainder: Number(r.amount) - Number(r.allocated),
    })),
  };
};
