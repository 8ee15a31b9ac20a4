import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, eventCount, registerRepair, type Facts } from './helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;
let drum: { id: number; spares_set_id: number; amount: number };

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  facts = await demoFacts(t);
  const row = await t.server.ctx.pool.one(sql.unsafe`
    SELECT i.id, i.spares_set_id, i.amount FROM rm_spares_items i JOIN rm_spares_sets s ON s.id = i.spares_set_id
    WHERE s.region_id = ${facts.regionId} AND i.title = 'Фотобарабан Kyocera DK-1150'`);
  drum = { id: Number(row.id), spares_set_id: Number(row.spares_set_id), amount: Number(row.amount) };
});
afterAll(async () => {
  await t.close();
});

/** A repair request of the court in PERFORMING, taken by the engineer. */
const performingRepair = async () => {
  const created = (await registerRepair(court, facts)).json().savedRequest;
  const taken = (await engineer.post(`/api/request/${created.id}/take`, {})).json().savedRequest;
  return taken as { id: number; revision: number; repair_kind_id: number | null };
};

const saveSpares = (req: { id: number }, amount: number, repairType = 5) =>
  engineer.multipart('PUT', '/api/request', {
    request: { id: req.id, view_res_before: 1, repair_type_id: repairType },
    spares: [{ spares_set_id: drum.spares_set_id, item_id: drum.id, amount }],
  });

const allocated = async () =>
  Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT allocated FROM rm_spares_items WHERE id = ${drum.id} AND spares_set_id = ${drum.spares_set_id}`));

describe('spares against the stock of the set', () => {
  it('refuses amounts below 1 or above the remainder with the spec messages and writes nothing', async () => {
    const req = await performingRepair();
    const before = await eventCount(t);
    const zero = await saveSpares(req, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Количество не может быть меньше 1');
    const tooMany = await saveSpares(req, drum.amount + 1);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`Количество не может быть больше ${drum.amount} (остаток в ЗИПе)`);
    expect(await eventCount(t)).toBe(before);
  });

  it('allocates, shows the spares and the warranty notice, and gives them back when the repair type changes', async () => {
    const req = await performingRepair();
    const res = await saveSpares(req, 2);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().savedRequest;
    expect(saved.spares).toEqual([expect.objectContaining({ item_id: drum.id, amount: 2, title: 'Фотобарабан Kyocera DK-1150' })]);
    expect(await allocated()).toBe(2);
    const handMade = await saveSpares(req, 2, 6);
    expect(handMade.statusCode, handMade.body).toBe(200);
    expect(handMade.json().savedRequest.spares).toEqual([]);
    expect(await allocated()).toBe(0);
  });

  it('never over-allocates under concurrent saves', async () => {
    const requests = await Promise.all(Array.from({ length: 4 }, () => performingRepair()));
    const each = Math.ceil(drum.amount / 2);
    const results = await Promise.all(requests.map((r) => saveSpares(r, each)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok.length).toBe(Math.floor(drum.amount / each));
    expect(ok.length + refused.length).toBe(4);
    for (const r of refused) expect(r.json().message).toMatch(/остаток в ЗИПе|Превышено количество в ЗИПе/);
    expect(await allocated()).toBe(ok.length * each);
    expect(await allocated()).toBeLessThanOrEqual(drum.amount);
  });
});
