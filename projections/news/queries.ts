import { sql, type DatabasePool, type ValueExpression } from 'slonik';
import type { StoredFile } from '../../domain/news/files';
import { paged, type Page } from '../support/paging';

export interface NewsView {
  id: number;
  date: string;
  title: string;
  description: string;
  program_id: number;
  program_title: string | null;
  program_type: number | null;
  gas_soft_renewals_files: StoredFile[];
}

export interface NewsFilter {
  readonly dateFrom: string | null;
  readonly dateTo: string | null;
  /** Part of the software's title. */
  readonly text: string | null;
  readonly programId: number | null;
  readonly pageNumber: number;
}

const select = (where: ValueExpression) => sql.unsafe`
  SELECT n.id, to_char(n.date, 'YYYY-MM-DD') AS date, n.title, n.description, n.program_id,
         p.title AS program_title, (p.data->>'type')::int AS program_type, n.files AS gas_soft_renewals_files
  FROM rm_news n
  LEFT JOIN rm_catalog_items p ON p.catalog = 'programs' AND p.id = n.program_id
  WHERE ${where}
  ORDER BY n.date DESC, n.id DESC`;

export const listNews = async (pool: DatabasePool, f: NewsFilter): Promise<Page<NewsView>> => {
  const conditions = [sql.fragment`true`];
  if (f.dateFrom) conditions.push(sql.fragment`n.date >= ${f.dateFrom}::date`);
  if (f.dateTo) conditions.push(sql.fragment`n.date <= ${f.dateTo}::date`);
  if (f.text) conditions.push(sql.fragment`lower(coalesce(p.title, '')) LIKE ${`%${f.text.toLowerCase()}%`}`);
  if (f.programId) conditions.push(sql.fragment`n.program_id = ${f.programId}`);
  return paged<NewsView>(pool, select(sql.join(conditions, sql.fragment` AND `)), f.pageNumber);
};

export const getNews = async (pool: DatabasePool, id: number): Promise<NewsView | null> =>
  ((await pool.maybeOne(select(sql.fragment`n.id = ${id}`))) as NewsView | null) ?? null;
