import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, type Facts } from '../requests/helpers';

/** decisions 97–99: the tool card as it was at a past moment, folded from the tool's stream. */
let t: TestApp;
let engineer: ApiClient;
let court: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  engineer = await t.signIn('engineer');
  court = await t.signIn('court');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t.close();
});

const tick = async () => {
  const start = Date.now();
  while (Date.now() <= start + 2) await new Promise((r) => setImmediate(r));
};

type Card = Record<string, unknown> & { id: number; revision: number; description: string | null };

describe('GET /api/tool_card/{id}?at=', () => {
  it('shows the card before and after a change as it was, and 404 before the tool existed', async () => {
    const id = facts.printerId;
    const before = (await court.get(`/api/tool_card/${id}`)).json().tool as Card;
    await tick();
    const moment = new Date().toISOString();
    await tick();
    const fields = ['unit_id', 'tools_set_id', 'tool_kind_id', 'manufacturer_id', 'model_id', 'model', 'serial_number', 'inventar_number', 'owner_type_id', 'cost_remain',
      'exchange_stock', 'work_in_dt', 'guaranty_dt', 'work_out_dt', 'state', 'buh_name', 'tool_softwares', 'traits', 'tool_places', 'tool_movings'] as const;
    const body = Object.fromEntries(fields.map((k) => [k, before[k]]));
    const saved = await engineer.multipart('PUT', `/api/tool/${id}`, { tool: { ...body, id, description: 'Состояние на момент: после правки', revision: before.revision } });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.settled();
    const now = (await court.get(`/api/tool_card/${id}`)).json().tool as Card;
    expect(now.description).toBe('Состояние на момент: после правки');

    const past = await court.get(`/api/tool_card/${id}?at=${encodeURIComponent(moment)}`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json().at).toBe(moment);
    expect(past.json().tool).toEqual(before);
    const latest = (await court.get(`/api/tool_card/${id}?at=${encodeURIComponent(new Date().toISOString())}`)).json().tool as Card;
    expect(latest).toEqual(now);

    const early = await court.get(`/api/tool_card/${id}?at=2000-01-01T00:00:00Z`);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('Оборудование на этот момент ещё не существовало');
    expect((await court.get(`/api/tool_card/${id}?at=завтра`)).statusCode).toBe(400);
  });
});
