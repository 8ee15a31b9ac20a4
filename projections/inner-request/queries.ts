import { sql, type CommonQueryMethods } from 'slonik';
import { INNER_PAGE_SIZE, SYSTEM_AUTHOR, type InnerRequestRow } from '../../domain/inner-request';
import type { FileRef } from '../../domain/request/state';
import { paged } from '../support/paging';

type Db = Pick<CommonQueryMethods, 'any' | 'oneFirst'>;

export interface InnerListQuery {
  readonly pageNumber: number;
  /** null: every author (administrators); otherwise only this author's requests. */
  readonly authorId: number | null;
  readonly state?: number | null;
  readonly kindId?: number | null;
  readonly text?: string;
}

const columns = sql.fragment`
  r.id, r.parent_id, r.date_create, r.author_id, r.author_email, r.message, r.request_inner_kind_id, r.state, r.files,
  u.fio AS author, o.name AS organization, reg.title AS region, k.title AS kind`;
const joins = sql.fragment`
  LEFT JOIN rm_users u ON u.id = r.author_id
  LEFT JOIN rm_organizations o ON o.id = u.organization_id
  LEFT JOIN rm_catalog_items reg ON reg.catalog = 'regions' AND reg.id = o.region_id
  LEFT JOIN rm_catalog_items k ON k.catalog = 'problems_categories' AND k.id = r.request_inner_kind_id`;

const rowOf = (r: Record<string, unknown>, answers: InnerRequestRow[] = []): InnerRequestRow => ({
  id: Number(r.id),
  number: Number(r.id),
  parent_id: r.parent_id == null ? null : Number(r.parent_id),
  date_create: String(r.date_create),
  author_id: r.author_id == null ? null : Number(r.author_id),
  author: r.author == null ? SYSTEM_AUTHOR : String(r.author),
  author_email: (r.author_email as string | null) ?? null,
  region: (r.region as string | null) ?? null,
  organization: (r.organization as string | null) ?? null,
  request_inner_kind_id: r.request_inner_kind_id == null ? null : Number(r.request_inner_kind_id),
  kind: (r.kind as string | null) ?? null,
  message: String(r.message),
  state: Number(r.state),
  files: (r.files as FileRef[] | null) ?? [],
  answers_count: answers.length,
  answers,
});

/** One page (20) of requests, newest first, each with its answers (oldest first). */
export const innerRequestsPage = async (db: Db, q: InnerListQuery) => {
  const where = [sql.fragment`r.parent_id IS NULL AND NOT r.deleted`];
  if (q.authorId !== null) where.push(sql.fragment`r.author_id = ${q.authorId}`);
  if (q.state) where.push(sql.fragment`r.state = ${q.state}`);
  if (q.kindId) where.push(sql.fragment`r.request_inner_kind_id = ${q.kindId}`);
  if (q.text?.trim()) where.push(sql.fragment`r.message ILIKE ${'%' + q.text.trim().replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
  const page = await paged<Record<string, unknown>>(
    db,
    sql.unsafe`SELECT ${columns} FROM rm_request_inner r ${joins} WHERE ${sql.join(where, sql.fragment` AND `)} ORDER BY r.id DESC`,
    q.pageNumber,
    INNER_PAGE_SIZE,
  );
  const ids = page.items.map((r) => Number(r.id));
  const answers = new Map<number, InnerRequestRow[]>();
  if (ids.length)
    for (const a of await db.any(sql.unsafe`SELECT ${columns} FROM rm_request_inner r ${joins}
        WHERE r.parent_id = ANY(${sql.array(ids, 'int4')}) AND NOT r.deleted ORDER BY r.id`)) {
      const list = answers.get(Number(a.parent_id)) ?? [];
      list.push(rowOf(a as Record<string, unknown>));
      answers.set(Number(a.parent_id), list);
    }
  return {
    request_inner: page.items.map((r) => rowOf(r, answers.get(Number(r.id)))),
    iRequestsInnerCount: page.itemsCount,
    pagesCount: page.pagesCount,
  };
};
