import { sql, type CommonQueryMethods, type QuerySqlToken } from 'slonik';
import { CUSTOM_PLAN } from '../../infrastructure/perf/prepared-statements';

export const PAGE_SIZE = 20;

export interface Page<T> {
  readonly items: T[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

export const pageNumberOf = (raw: unknown): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/**
 * Runs a list query with its count. `select` must not have LIMIT/OFFSET; the page is cut
 * here. Small admin lists only; the request list has its own keyset-friendly path.
 */
export const paged = async <T>(
  db: Pick<CommonQueryMethods, 'any' | 'oneFirst'>,
  select: QuerySqlToken,
  pageNumber: number,
  pageSize = PAGE_SIZE,
): Promise<Page<T>> => {
  // Filtered as the user chose: planned for each call's values (CUSTOM_PLAN).
  const count = Number(await db.oneFirst(sql.unsafe`${CUSTOM_PLAN}SELECT count(*) FROM (${select}) q`));
  const pagesCount = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.min(pageNumber, pagesCount);
  const items = (await db.any(sql.unsafe`${CUSTOM_PLAN}${select} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`)) as unknown as T[];
  return { items, pagesCount, itemsCount: count };
};
