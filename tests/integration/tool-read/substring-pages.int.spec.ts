import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type QuerySqlToken } from 'slonik';
import { toolListFilterDefaults, type ToolListFilter } from '../../../domain/tool/list-filter';
import { SORT_MATCHES_BELOW, searchTools } from '../../../projections/tool/list/queries';
import { PAGE_SIZE } from '../../../projections/support/paging';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * Pages of a substring search (projections/tool/list/queries.ts, fourteenth wave of docs/notes/bench.md): a search
 * of few matches is counted first and its page sorted from the matches, one of many walks the list's
 * index. The rows are written into rm_tools directly (the query is under test, not the projection):
 * 8,000 tools over 40 units, 60 of them with 'qx' in the serial number, 6,400 with 'zz'.
 */

let db: TestDatabase;
const TOOLS = 8_000;

/** Every statement searchTools sends, with its values, beside the answer. */
const recorded = () => {
  const statements: Array<{ sql: string; values: readonly unknown[] }> = [];
  const keep = (q: QuerySqlToken) => statements.push({ sql: q.sql, values: q.values });
  return {
    statements,
    db: {
      any: (q: QuerySqlToken) => (keep(q), db.pool.any(q)),
      anyFirst: (q: QuerySqlToken) => (keep(q), db.pool.anyFirst(q)),
      oneFirst: (q: QuerySqlToken) => (keep(q), db.pool.oneFirst(q)),
      maybeOne: (q: QuerySqlToken) => (keep(q), db.pool.maybeOne(q)),
    } as unknown as Parameters<typeof searchTools>[0],
  };
};

const filterOf = (over: Partial<ToolListFilter>): ToolListFilter => ({ ...toolListFilterDefaults, ...over });
const search = (over: Partial<ToolListFilter>, r = recorded()) => searchTools(r.db, { units: null, filter: filterOf(over), today: '2026-11-28' });

/** The ids a filter matches, in the list's order, straight from the table. */
const expectedOrder = async (fragment: string): Promise<number[]> =>
  (
    await db.pool.anyFirst(sql.unsafe`
      SELECT id FROM rm_tools WHERE NOT deleted AND lower(serial_number) LIKE ${`%${fragment}%`} ORDER BY unit_id, tool_kind_id, id`)
  ).map(Number);

/** The page statement's plan, with its own values: whether it walks the list's index (unit, kind, id) to find its rows. */
const walksListIndex = async (statement: { sql: string; values: readonly unknown[] }): Promise<boolean> => {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    // slonik names its parameters $slonik_N; its driver sends them as $N.
    const text = statement.sql.replace(/\$slonik_(\d+)/g, '$$$1');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, [...statement.values]);
    return plan.rows.some((r) => /Index (Only )?Scan using rm_tools_unit/.test(r['QUERY PLAN']));
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  db = await createTestDatabase();
  // Units 1..40, kinds 1..3; every 133rd tool has 'QX' in its serial number, 4 of 5 have 'ZZ'.
  await db.pool.query(sql.unsafe`
    INSERT INTO rm_tools (id, unit_id, tool_kind_id, manufacturer_id, model, serial_number, state)
    SELECT i, 1 + (i * 7) % 40, 1 + i % 3, 1, 'Модель',
           CASE WHEN i % 133 = 0 THEN 'SN-QX-' || i WHEN i % 5 <> 0 THEN 'SN-ZZ-' || i ELSE 'SN-' || i END, 1
    FROM generate_series(1, ${TOOLS}) i`);
  await db.pool.query(sql.unsafe`ANALYZE rm_tools`);
});

afterAll(async () => {
  await db?.drop();
});

describe('a substring search of the tools', () => {
  it('of few matches: counted first, every page sorted from the matches, not walked from the list index', async () => {
    const all = await expectedOrder('qx');
    expect(all.length).toBe(60);
    expect(all.length).toBeLessThanOrEqual(SORT_MATCHES_BELOW);
    for (const page of [1, 2, 3]) {
      const r = recorded();
      const result = await search({ serial_number: 'QX', pageNumber: page }, r);
      expect(result.itemsCount).toBe(60);
      expect(result.pagesCount).toBe(3);
      expect(result.items.map((t) => t.id)).toEqual(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
      // The count went first; the page after it.
      expect(r.statements[0]!.sql).toMatch(/SELECT count\(\*\)/);
      expect(await walksListIndex(r.statements[1]!)).toBe(false);
    }
  });

  it('of many matches: the page walks the list index, which meets them early', async () => {
    const all = await expectedOrder('zz');
    expect(all.length).toBeGreaterThan(SORT_MATCHES_BELOW);
    const r = recorded();
    const result = await search({ serial_number: 'zz', pageNumber: 2 }, r);
    expect(result.itemsCount).toBe(all.length);
    expect(result.items.map((t) => t.id)).toEqual(all.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const page = r.statements.find((s) => !/SELECT count\(\*\)/.test(s.sql))!;
    expect(await walksListIndex(page)).toBe(true);
  });

  it('a page past the end is the last page, sorted the same way', async () => {
    const all = await expectedOrder('qx');
    const result = await search({ serial_number: 'qx', pageNumber: 50 });
    expect(result.items.map((t) => t.id)).toEqual(all.slice(2 * PAGE_SIZE));
  });
});
