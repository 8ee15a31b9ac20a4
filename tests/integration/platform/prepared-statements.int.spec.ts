import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { createDatabasePool } from '../../../infrastructure/db/pool';
import { rawSql } from '../../../infrastructure/db/raw-sql';
import { CUSTOM_PLAN, setPreparedStatements } from '../../../infrastructure/perf/prepared-statements';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * A statement with parameters runs prepared from its second run on, on the real server, and
 * answers what it answers unnamed; a table that changes its columns under a prepared statement costs no failed call
 * outside a transaction; a statement without parameters keeps the simple protocol.
 */
let db: TestDatabase;
/** One connection, so what it has prepared can be read back from pg_prepared_statements. */
let one: DatabasePool;
beforeAll(async () => {
  setPreparedStatements(true);
  db = await createTestDatabase();
  one = await createDatabasePool(db.url, { maximumPoolSize: 1 });
  await one.query(sql.unsafe`CREATE TABLE ps_rows (id int PRIMARY KEY, label text)`);
  await one.query(sql.unsafe`INSERT INTO ps_rows VALUES (1, 'один'), (2, 'два')`);
});
afterAll(async () => {
  setPreparedStatements(false);
  await one?.end();
  await db?.drop();
});

/** The connection's prepared statements whose text contains `marker` (each test's statement names its table alias so). */
const preparedWith = async (marker: string) =>
  Number(await one.oneFirst(sql.unsafe`SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`} AND statement NOT LIKE '%pg_prepared_statements%'`));

describe('repeated statements run prepared', () => {
  it('prepares a text with parameters at its second run, and runs it right every time after', async () => {
    const marker = `m_${randomUUID().replaceAll('-', '')}`;
    const read = (id: number) => one.oneFirst(sql.unsafe`SELECT label FROM ps_rows AS ${sql.identifier([marker])} WHERE id = ${id}`);
    expect(await read(1)).toBe('один');
    expect(await preparedWith(marker)).toBe(0);
    expect(await read(2)).toBe('два');
    expect(await preparedWith(marker)).toBe(1);
    // Past the plan cache's five custom plans: the generic plan answers with each run's own values.
    for (let i = 0; i < 8; i++) expect(await read(1 + (i % 2))).toBe(i % 2 ? 'два' : 'один');
    expect(await preparedWith(marker)).toBe(1);
  });

  it('leaves texts without parameters unprepared (scripts, BEGIN, COMMIT keep the simple protocol)', async () => {
    const marker = `n_${randomUUID().replaceAll('-', '')}`;
    for (let i = 0; i < 3; i++) await one.query(rawSql(`SELECT count(*) FROM ps_rows AS ${marker}`));
    expect(await preparedWith(marker)).toBe(0);
  });

  it('never prepares a statement marked CUSTOM_PLAN (a list filtered as the user chose is planned for its values)', async () => {
    const marker = `p_${randomUUID().replaceAll('-', '')}`;
    for (let i = 0; i < 4; i++)
      expect(await one.oneFirst(sql.unsafe`SELECT label FROM ps_rows AS ${sql.identifier([marker])} WHERE ${CUSTOM_PLAN} id = ${1}`)).toBe('один');
    expect(await preparedWith(marker)).toBe(0);
  });

  it('runs a statement again unnamed when its table changed columns under it, outside a transaction', async () => {
    const marker = `c_${randomUUID().replaceAll('-', '')}`;
    await one.query(sql.unsafe`CREATE TABLE ps_shape (id int PRIMARY KEY)`);
    await one.query(sql.unsafe`INSERT INTO ps_shape VALUES (1)`);
    const read = () => one.one(sql.unsafe`SELECT * FROM ps_shape AS ${sql.identifier([marker])} WHERE id = ${1}`);
    await read();
    expect(await read()).toEqual({ id: 1 });
    expect(await preparedWith(marker)).toBe(1);
    await one.query(sql.unsafe`ALTER TABLE ps_shape ADD COLUMN note text DEFAULT 'новое'`);
    // PostgreSQL refuses the old statement ("cached plan must not change result type"): the call
    // is answered unnamed instead, and so are the ones after it.
    expect(await read()).toEqual({ id: 1, note: 'новое' });
    expect(await read()).toEqual({ id: 1, note: 'новое' });
  });

  it('inside a transaction the refusal goes up (the transaction is lost), and the text runs unnamed after it', async () => {
    const marker = `t_${randomUUID().replaceAll('-', '')}`;
    await one.query(sql.unsafe`CREATE TABLE ps_shape_tx (id int PRIMARY KEY)`);
    await one.query(sql.unsafe`INSERT INTO ps_shape_tx VALUES (1)`);
    const read = (c: Pick<DatabasePool, 'one'>) => c.one(sql.unsafe`SELECT * FROM ps_shape_tx AS ${sql.identifier([marker])} WHERE id = ${1}`);
    await read(one);
    await read(one);
    await one.query(sql.unsafe`ALTER TABLE ps_shape_tx ADD COLUMN note text`);
    await expect(one.transaction((tx) => read(tx))).rejects.toThrow(/cached plan must not change result type/);
    expect(await one.transaction((tx) => read(tx))).toEqual({ id: 1, note: null });
  });

  it('answers run after run what the same statement answers unnamed (PERF_PREPARED_STATEMENTS on and off)', async () => {
    const marker = `s_${randomUUID().replaceAll('-', '')}`;
    const read = (id: number) =>
      one.any(sql.unsafe`
        SELECT x.id, x.label, ${id}::int8 AS big, ${'2026-03-01T10:00:00Z'}::timestamptz AS at, ARRAY[x.id, ${id}] AS ids, jsonb_build_object('l', x.label, 'n', ${id}::int) AS doc
        FROM ps_rows AS ${sql.identifier([marker])} JOIN ps_rows x USING (id) WHERE x.id >= ${id} ORDER BY x.id`);
    // Past the plan cache's five custom plans, so the generic plan answers too.
    const runs = async () => {
      const out: unknown[] = [];
      for (let i = 0; i < 8; i++) out.push(await read(1 + (i % 2)));
      return out;
    };
    const on = await runs();
    expect(await preparedWith(marker)).toBe(1);
    setPreparedStatements(false);
    try {
      expect(await runs()).toEqual(on);
    } finally {
      setPreparedStatements(true);
    }
    expect(on[0]).toEqual([
      { id: 1, label: 'один', big: 1, at: '2026-03-01T10:00:00.000Z', ids: [1, 1], doc: { l: 'один', n: 1 } },
      { id: 2, label: 'два', big: 1, at: '2026-03-01T10:00:00.000Z', ids: [2, 1], doc: { l: 'два', n: 1 } },
    ]);
  });

  it('prepares nothing when turned off (PERF_PREPARED_STATEMENTS=0)', async () => {
    setPreparedStatements(false);
    try {
      const marker = `o_${randomUUID().replaceAll('-', '')}`;
      for (let i = 0; i < 4; i++) await one.oneFirst(sql.unsafe`SELECT label FROM ps_rows AS ${sql.identifier([marker])} WHERE id = ${1}`);
      expect(await preparedWith(marker)).toBe(0);
    } finally {
      setPreparedStatements(true);
    }
  });
});
