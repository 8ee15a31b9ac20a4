import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { rawSql } from '../../../infrastructure/db/raw-sql';
import { bulkInsert, columnsOf } from '../../../projections/support/bulk-insert';
import { createTestDatabase, type TestDatabase } from '../../support/database';

// The read models' writer (one JSON array per column, ROWS FROM) must store what
// jsonb_populate_recordset stored before it: the rebuild tests compare tables, this compares values.
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

const columns = ['id', 'n', 'big', 'money', 'flag', 'day', 'at', 'title', 'ids', 'doc', 'raw'];

const rows = [
  { id: 1, n: 5, big: '9007199254740993', money: 12.5, flag: true, day: '2024-02-29', at: '2024-03-01T10:00:00.000Z', title: 'Кавычки " и \\ обратная, {скобки}, NULL', ids: [3, 1, 2], doc: { a: [1, 'два', null], b: 'x"y\\z' }, raw: [{ k: 'v' }] },
  { id: 2, n: null, big: null, money: 0, flag: false, day: null, at: null, title: '', ids: [], doc: 'строка', raw: 7 },
  { id: 3, title: 'NULL', ids: [], doc: null, raw: null, flag: false },
  { id: 4, n: Number.NaN, title: '  пробелы  ', ids: [10], doc: [], raw: { nested: { deep: true } }, flag: true, money: 1e-7 },
];

describe('bulk insert', () => {
  it('stores the values jsonb_populate_recordset stored, ON CONFLICT included', async () => {
    for (const t of ['bulk_a', 'bulk_b'])
      await db.pool.query(rawSql(`
        CREATE TABLE ${t} (
          id integer PRIMARY KEY, n integer, big bigint, money numeric(14,2), flag boolean NOT NULL DEFAULT false,
          day date, at timestamptz, title text NOT NULL, ids integer[] NOT NULL DEFAULT '{}', doc jsonb, raw json)`));
    await db.pool.transaction(async (tx) => {
      await bulkInsert(tx, 'bulk_a', await columnsOf(tx, 'bulk_a', columns), rows, '');
      await bulkInsert(tx, 'bulk_a', await columnsOf(tx, 'bulk_a', columns), [{ ...rows[1], title: 'обновлено' }], 'ON CONFLICT (id) DO UPDATE SET title = excluded.title');
      await tx.query(sql.unsafe`INSERT INTO bulk_b SELECT * FROM jsonb_populate_recordset(NULL::bulk_b, ${JSON.stringify(rows)}::jsonb)`);
      await tx.query(sql.unsafe`UPDATE bulk_b SET title = 'обновлено' WHERE id = 2`);
    });
    const read = (t: string) => db.pool.any(rawSql(`SELECT id, n, big::text, money::text, flag, day::text, at, title, ids, doc, raw::jsonb AS raw FROM ${t} ORDER BY id`));
    const a = await read('bulk_a');
    expect(a).toEqual(await read('bulk_b'));
    expect(a[0]).toMatchObject({ big: '9007199254740993', title: 'Кавычки " и \\ обратная, {скобки}, NULL', ids: [3, 1, 2], doc: { a: [1, 'два', null], b: 'x"y\\z' } });
    // JSON null is SQL NULL in a jsonb column, a JSON string stays a string.
    expect(a[1]).toMatchObject({ doc: 'строка', title: 'обновлено' });
    expect(a[2]).toMatchObject({ title: 'NULL', doc: null, n: null });
  });
});
