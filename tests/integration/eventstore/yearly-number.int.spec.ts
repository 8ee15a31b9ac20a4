import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { PostgresEventStore } from '../../../infrastructure/eventstore/postgres/postgres-event-store';
import { WrongExpectedRevisionError, type YearlyNumber } from '../../../infrastructure/eventstore/port';
import { claimUnique } from '../../../infrastructure/unique-values';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * docs/notes/bench.md: a new request's number is counted and claimed in its append's own statement. Under
 * concurrency the numbers stay 1, 2, 3 ... without gaps or duplicates, a number taken by hand is
 * skipped, and an append that fails leaves no claim behind.
 */
let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const SCOPE = 'request_number';
const event = (text: string) => ({
  type: 'RequestRegistered',
  data: { request: { number: 0, request_text: text }, engineers: [] },
  metadata: { userId: null, correlationId: text, causationId: null, timestamp: new Date().toISOString() },
});
const numbered = (year: number, id: string): YearlyNumber => ({ year, scope: SCOPE, owner: id, path: ['request', 'number'] });
const claims = async (year: number) =>
  (await db.pool.any(sql.unsafe`SELECT value, owner FROM unique_values WHERE scope = ${SCOPE} AND value LIKE ${`${year}-%`} ORDER BY owner`)) as unknown as Array<{
    value: string;
    owner: string;
  }>;

describe('a yearly number claimed inside the append', () => {
  it('gives 40 concurrent appends the numbers 1..40, each once, written into its event and claimed by its stream', async () => {
    const year = 2901;
    const ids = Array.from({ length: 40 }, (_, i) => `ynum-a${i}`);
    const results = await Promise.all(ids.map((id) => store.append(id, [event(id)], { expectedRevision: 'no_stream', yearlyNumber: numbered(year, id) })));
    const numbers = results.map((r) => r.number!);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const [i, id] of ids.entries()) {
      const [stored] = await store.readStream(id);
      expect((stored!.data as { request: { number: number } }).request.number).toBe(numbers[i]);
    }
    const held = await claims(year);
    expect(held).toHaveLength(40);
    for (const [i, id] of ids.entries()) expect(held.find((c) => c.owner === id)?.value).toBe(`${year}-${numbers[i]}`);
  });

  it('skips a number already claimed by hand', async () => {
    const year = 2902;
    await store.append('ynum-b0', [event('b0')], { expectedRevision: 'no_stream', yearlyNumber: numbered(year, 'ynum-b0') });
    expect((await claimUnique(db.pool, SCOPE, `${year}-2`, 'by-hand')).ok).toBe(true);
    const r = await store.append('ynum-b1', [event('b1')], { expectedRevision: 'no_stream', yearlyNumber: numbered(year, 'ynum-b1') });
    expect(r.number).toBe(3);
    expect(((await store.readStream('ynum-b1'))[0]!.data as { request: { number: number } }).request.number).toBe(3);
  });

  it('claims nothing and appends nothing when the stream already exists', async () => {
    const year = 2903;
    await store.append('ynum-c0', [event('c0')], { expectedRevision: 'no_stream' });
    await expect(store.append('ynum-c0', [event('again')], { expectedRevision: 'no_stream', yearlyNumber: numbered(year, 'ynum-c0') })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(await claims(year)).toEqual([]);
    expect(await store.readStream('ynum-c0')).toHaveLength(1);
  });
});
