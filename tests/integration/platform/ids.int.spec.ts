import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { postgresIdAllocator } from '../../../infrastructure/ids';
import { createTestDatabase, type TestDatabase } from '../../support/database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const counter = async (kind: string) =>
  Number(await db.pool.maybeOneFirst(sql.unsafe`SELECT last FROM id_counters WHERE kind = ${kind}`));

describe('id allocation with reserved blocks', () => {
  it('hands out distinct ids to concurrent callers of two processes, all below the counter', async () => {
    const a = postgresIdAllocator(db.pool, { reserve: { thing: 10 } });
    const b = postgresIdAllocator(db.pool, { reserve: { thing: 10 } });
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).next('thing')));
    expect(new Set(ids).size).toBe(200);
    const last = await counter('thing');
    expect(Math.max(...ids)).toBeLessThanOrEqual(last);
    // Each process holds at most its current block and the one asked for ahead of time.
    expect(last - 200).toBeLessThanOrEqual(2 * 2 * 10);
  });

  it('asks for the next block while half of the current one is left, so callers do not wait for it', async () => {
    const a = postgresIdAllocator(db.pool, { reserve: { ahead: 10 } });
    for (let i = 0; i < 6; i++) await a.next('ahead');
    // The 6th call left 4 of 10: the next block is on its way without anyone waiting for it.
    await expect.poll(() => counter('ahead')).toBe(20);
    const next = await Promise.all(Array.from({ length: 14 }, () => a.next('ahead')));
    expect(next).toEqual(Array.from({ length: 14 }, (_, i) => 7 + i));
  });

  it('starts above a seeded id, whatever was reserved before', async () => {
    const a = postgresIdAllocator(db.pool, { reserve: { seeded: 10 } });
    await a.next('seeded');
    await a.ensureAbove('seeded', 1000);
    expect(await a.next('seeded')).toBeGreaterThan(1000);
  });
});
