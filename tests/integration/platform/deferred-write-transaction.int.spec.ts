import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { deferredWriteTransaction } from '../../../infrastructure/db/deferred-write-transaction';
import { observeQueries } from '../../../infrastructure/perf/prepared-statements';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * docs/notes/bench.md: a live read-side batch writes in two round trips (BEGIN with the checkpoint's move, the
 * writes with COMMIT). The values are written into the SQL as literals: they must arrive exactly as
 * parameters do, and a write that fails must fail the whole transaction.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(sql.unsafe`CREATE TABLE dw_rows (id int PRIMARY KEY, label text, tags text[], doc jsonb)`);
});
afterAll(async () => {
  await db.drop();
});

/** The statements sent by pg clients while `work` runs (one per round trip). */
const trips = async (work: () => Promise<unknown>): Promise<string[]> => {
  const sent: string[] = [];
  const stop = observeQueries((text) => sent.push(text));
  try {
    await work();
  } finally {
    stop();
  }
  return sent;
};

const tricky = ["it's", 'back\\slash', 'quote"d', 'new\nline', 'ёлка 🎄', '', 'NULL', '{a,b}', "E'x'", '$slonik_1', ' padded '];

describe('a transaction whose writes wait for the next read or the commit', () => {
  it('values written in as literals arrive as parameters do: text, numbers, booleans, arrays, JSON, nulls', async () => {
    const doc = { text: "кавычка ' и \\ слэш", list: [1, null, 'два'], nested: { ok: true } };
    const rows = tricky.map((label, i) => ({ id: i + 1, label, tags: [label, 'x', null as unknown as string], doc: { ...doc, i } }));
    await deferredWriteTransaction(db.pool, async (tx) => {
      for (const r of rows)
        await tx.query(sql.unsafe`INSERT INTO dw_rows (id, label, tags, doc) VALUES (${r.id}, ${r.label}, ${sql.array(r.tags, 'text')}, ${sql.jsonb(r.doc)})`);
    });
    const stored = await db.pool.any(sql.unsafe`SELECT id, label, tags, doc FROM dw_rows ORDER BY id`);
    expect(stored).toEqual(rows);
    // A read inside the transaction: typed the way the slonik pool types rows (int8 as numbers, timestamps as ISO).
    const read = await deferredWriteTransaction(db.pool, (tx) =>
      tx.one(sql.unsafe`SELECT count(*) AS n, ${true}::boolean AS yes, ${'2026-03-01T10:00:00.000Z'}::timestamptz AS at, ${sql.array([1, 2], 'int4')} AS ids FROM dw_rows`),
    );
    expect(read).toEqual({ n: tricky.length, yes: true, at: '2026-03-01T10:00:00.000Z', ids: [1, 2] });
    await db.pool.query(sql.unsafe`DELETE FROM dw_rows`);
  });

  it('takes two round trips: BEGIN with the first read, the writes with COMMIT; calls keep their order', async () => {
    const sent = await trips(() =>
      deferredWriteTransaction(db.pool, async (tx) => {
        expect(await tx.oneFirst(sql.unsafe`SELECT count(*) FROM dw_rows`)).toBe(0);
        // Writes and a read side by side: the read sees the writes called before it.
        const [, , seen] = await Promise.all([
          tx.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (${1}, ${'one'})`),
          tx.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (${2}, ${'two'})`),
          tx.anyFirst(sql.unsafe`SELECT label FROM dw_rows ORDER BY id`),
          tx.query(sql.unsafe`UPDATE dw_rows SET label = ${'ONE'} WHERE id = ${1}`),
        ]);
        expect(seen).toEqual(['one', 'two']);
      }),
    );
    expect(sent.map((s) => s.split(';\n').map((x) => x.trim().split(/\s/, 1)[0]))).toEqual([['BEGIN', 'SELECT'], ['INSERT', 'INSERT', 'SELECT'], ['UPDATE', 'COMMIT']]);
    expect(await db.pool.anyFirst(sql.unsafe`SELECT label FROM dw_rows ORDER BY id`)).toEqual(['ONE', 'two']);
    await db.pool.query(sql.unsafe`DELETE FROM dw_rows`);
  });

  it('a write that fails at commit fails the transaction: nothing of it stays, and the pool goes on', async () => {
    await db.pool.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (7, 'kept')`);
    await expect(
      deferredWriteTransaction(db.pool, async (tx) => {
        await tx.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (${8}, ${'lost'})`);
        await tx.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (${7}, ${'duplicate'})`);
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      deferredWriteTransaction(db.pool, async (tx) => {
        await tx.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (${9}, ${'lost too'})`);
        throw new Error('the work gave up');
      }),
    ).rejects.toThrow('the work gave up');
    expect(await db.pool.anyFirst(sql.unsafe`SELECT label FROM dw_rows ORDER BY id`)).toEqual(['kept']);
    await deferredWriteTransaction(db.pool, (tx) => tx.query(sql.unsafe`INSERT INTO dw_rows (id, label) VALUES (${10}, ${'after'})`));
    expect(await db.pool.anyFirst(sql.unsafe`SELECT label FROM dw_rows ORDER BY id`)).toEqual(['kept', 'after']);
  });
});
