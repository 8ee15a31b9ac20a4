import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { toolStreamId, toolsSetStreamId, type ToolFields } from '../../../domain/tool/events';
import { ToolState } from '../../../domain/tool/states';
import type { AppContext } from '../../../api/context';
import type { Position } from '../../../infrastructure/eventstore/port';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { append, seedRequest, settle, unzip, worldOf, type World } from '../request-read/support';

/**
 * The equipment reads of decisions 41–47 over real PostgreSQL: every list filter, age buckets with the
 * 1 Jan 2000 rule, OWN vs ALL scope, the card and 404 outside the scope, history merged newest first,
 * counts, age counts, sets, the export. Tools are appended as events (the write side is not under test),
 * each with a model naming this run, so the demo data never mixes in.
 */

let app: TestApp;
let ctx: AppContext;
let w: World;
let admin: ApiClient;
let court: ApiClient;
let hotline: ApiClient;

const marker = `ЧТЕНИЕ-${randomBytes(3).toString('hex')}`;
const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
const today = new Date().toISOString().slice(0, 10);
const yearsAgo = (n: number, days = 0) => {
  const d = new Date(`${Number(today.slice(0, 4)) - n}${today.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let kinds: number[];
let manufacturers: number[];
let setKind: number;
let unit: number;
const ids = { a: 0, b: 0, c: 0, d: 0, e: 0, set: 0 };
let ageBefore: { kinds: Array<{ tool_kind_id: number; total: number; old: number; new: number }>; total: { total: number; old: number; new: number } };

const baseTool = (over: Partial<ToolFields>): ToolFields => ({
  unit_id: unit, tools_set_id: null, tool_kind_id: kinds[0]!, manufacturer_id: manufacturers[0]!, model_id: null, model: `${marker} модель`,
  serial_number: `SN-${marker}`, inventar_number: null, owner_type_id: 2, cost_remain: null, exchange_stock: false, work_in_dt: null,
  guaranty_dt: null, work_out_dt: null, state: ToolState.IN_WORK, buh_name: null, description: null, tool_softwares: [],
  traits: [], tool_places: [], tool_movings: [], files: [], ...over,
});

const register = async (tool: ToolFields, now?: string): Promise<[number, Position]> => {
  const id = await ctx.ids.next('tool');
  const position = await append(ctx, toolStreamId(id), [{ type: 'ToolRegistered', data: { id, tool } }], { expected: 'no_stream', now, userId: w.users.engineer });
  return [id, position];
};

type Page = { tools: Array<Record<string, unknown>>; pagesCount: number; itemsCount: number };
const list = async (client: ApiClient, f: object) => {
  const res = await client.get(`/api/tool/${enc({ tool_model: marker, ...f })}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as Page;
};
const found = async (f: object, client: ApiClient = admin) => (await list(client, f)).tools.map((t) => Number(t.id)).sort((x, y) => x - y);
const sorted = (...xs: number[]) => [...xs].sort((x, y) => x - y);

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [admin, court, hotline] = await Promise.all([app.signIn('admin'), app.signIn('court'), app.signIn('hotline')]);
  kinds = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tool_kind' ORDER BY id LIMIT 2`)).map(Number);
  manufacturers = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'manufacturer' ORDER BY id LIMIT 2`)).map(Number);
  setKind = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tools_sets_names' ORDER BY id LIMIT 1`));
  unit = w.courtUnits[0]!;
  ageBefore = (await admin.get(`/api/tools_age_count?unit_id=${unit}`)).json();
  const positions: Position[] = [];
  const add = async (key: keyof typeof ids, tool: ToolFields) => {
    const [id, p] = await register(tool);
    ids[key] = id;
    positions.push(p);
  };
  // A: young, owned as a main asset, cheap, in the exchange stock, with a note.
  await add('a', baseTool({ model: `${marker} Альфа`, serial_number: `RD-A-${marker}`, inventar_number: `ИНВ-A-${marker}`, work_in_dt: yearsAgo(2), cost_remain: 100.5, exchange_stock: true, description: 'Зал заседаний №1' }));
  // B: 6 years old, broken, no owner type, another kind and manufacturer.
  await add('b', baseTool({ model: `${marker} Бета`, tool_kind_id: kinds[1]!, manufacturer_id: manufacturers[1]!, serial_number: `RD-B-${marker}`, inventar_number: `ИНВ-B-${marker}`, work_in_dt: yearsAgo(6), state: ToolState.BROKEN, owner_type_id: null, cost_remain: 5000 }));
  // C: waiting, no commissioning date (counts as 1 Jan 2000: over 10 years), in a set.
  await add('c', baseTool({ model: `${marker} Гамма`, serial_number: `RD-C-${marker}`, state: ToolState.WAITING, owner_type_id: 1 }));
  // D: another region's unit, 12 years old.
  await add('d', baseTool({ unit_id: w.otherUnit, model: `${marker} Дельта`, serial_number: `RD-D-${marker}`, inventar_number: `ИНВ-D-${marker}`, work_in_dt: yearsAgo(12) }));
  // E: exactly 5 years old today: old, and 5 to 10.
  await add('e', baseTool({ model: `${marker} Эпсилон`, serial_number: `RD-E-${marker}`, inventar_number: `ИНВ-E-${marker}`, work_in_dt: yearsAgo(5) }));
  ids.set = await ctx.ids.next('tools_set');
  positions.push(
    await append(ctx, toolsSetStreamId(ids.set), [
      { type: 'ToolsSetRegistered', data: { id: ids.set, set: { unit_id: unit, inventar_number: `К-${marker}`, type_id: setKind, owner_type_id: 2, buh_name: `Комплект ${marker}`, work_in_dt: null }, tool_ids: [ids.c] } },
    ], { expected: 'no_stream' }),
  );
  await settle(ctx, ...positions);
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/tool/{filter}: every filter field', () => {
  it('region, units, set kind, kinds, manufacturer', async () => {
    expect(await found({})).toEqual(sorted(ids.a, ids.b, ids.c, ids.d, ids.e));
    expect(await found({ region_id: w.moscowRegion })).toEqual(sorted(ids.a, ids.b, ids.c, ids.e));
    expect(await found({ region_id: w.otherRegion })).toEqual([ids.d]);
    expect(await found({ units_ids: [w.otherUnit] })).toEqual([ids.d]);
    expect(await found({ units_ids: String(unit) })).toEqual(sorted(ids.a, ids.b, ids.c, ids.e));
    expect(await found({ tool_set_name_id: setKind })).toEqual([ids.c]);
    expect(await found({ tool_kind_ids: [kinds[1]] })).toEqual([ids.b]);
    expect(await found({ tool_kind_id: kinds[1] })).toEqual([ids.b]);
    expect(await found({ manufacturer_id: manufacturers[1] })).toEqual([ids.b]);
  });

  it('model, serial and inventory numbers with their exact variants (case-insensitive)', async () => {
    expect(await found({ tool_model: `${marker} альфа`, tool_model_exact: true })).toEqual([ids.a]);
    expect(await found({ tool_model: `${marker} альф`, tool_model_exact: true })).toEqual([]);
    expect(await found({ serial_number: 'RD-B' })).toEqual([ids.b]);
    expect(await found({ serial_number: `rd-b-${marker}`, serial_exact: true })).toEqual([ids.b]);
    expect(await found({ serial_number: 'RD-B', serial_exact: true })).toEqual([]);
    expect(await found({ inventar_number: 'ИНВ-' })).toEqual(sorted(ids.a, ids.b, ids.d, ids.e));
    expect(await found({ inventar_number: `инв-a-${marker}`, inventar_exact: true })).toEqual([ids.a]);
  });

  it('commissioning date range, age buckets (a missing date counts as 1 Jan 2000; exactly 5 years is old)', async () => {
    expect(await found({ tool_work_in_dt_from: yearsAgo(3), tool_work_in_dt_till: today })).toEqual([ids.a]);
    expect(await found({ tool_work_in_dt_from: yearsAgo(7), tool_work_in_dt_till: yearsAgo(4) })).toEqual(sorted(ids.b, ids.e));
    expect(await found({ tool_work_in_dt_till: yearsAgo(11) })).toEqual([ids.d]);
    expect(await found({ tool_age: 'new' })).toEqual([ids.a]);
    expect(await found({ tool_age: 'old' })).toEqual(sorted(ids.b, ids.c, ids.d, ids.e));
    expect(await found({ tool_age: 'from5to10' })).toEqual(sorted(ids.b, ids.e));
    expect(await found({ tool_age: 'over10' })).toEqual(sorted(ids.c, ids.d));
  });

  it('state, owner type, owner not set (ignores the type), note, residual cost range, in a set, exchange stock', async () => {
    expect(await found({ tool_state: ToolState.BROKEN })).toEqual([ids.b]);
    expect(await found({ tool_state: ToolState.WAITING })).toEqual([ids.c]);
    expect(await found({ tool_owner_type_id: 1 })).toEqual([ids.c]);
    expect(await found({ tool_owner_is_not_set: true, tool_owner_type_id: 2 })).toEqual([ids.b]);
    expect(await found({ tool_description: 'зал засед' })).toEqual([ids.a]);
    expect(await found({ tool_cost_remain_from: '100,00', tool_cost_remain_upto: 200 })).toEqual([ids.a]);
    expect(await found({ tool_cost_remain_from: 1000 })).toEqual([ids.b]);
    expect(await found({ tool_in_set: true })).toEqual([ids.c]);
    expect(await found({ tool_in_set: false })).toEqual(sorted(ids.a, ids.b, ids.d, ids.e));
    expect(await found({ tool_exchange_stock: true })).toEqual([ids.a]);
    expect(await found({ tool_exchange_stock: false })).toEqual(sorted(ids.b, ids.c, ids.d, ids.e));
  });

  it('rows carry the region, address, cost and note; bad filters are a 400 in Russian', async () => {
    const a = (await list(admin, { serial_number: `RD-A-${marker}`, serial_exact: true })).tools[0]!;
    expect(a).toMatchObject({ id: ids.a, region_id: w.moscowRegion, region_title: expect.any(String), cost_remain: 100.5, exchange_stock: true, description: 'Зал заседаний №1', stateTitle: 'В работе' });
    expect(a).toHaveProperty('unit_address');
    const bad = await admin.get(`/api/tool/${enc({ tool_work_in_dt_from: '31.02.2024' })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Неверная дата' });
    expect((await admin.get(`/api/tool/${enc({ tool_age: 'древнее' })}`)).json()).toMatchObject({ message: 'Неверный возраст оборудования' });
  });

  it('OWN sees its own units only, ALL every unit; without the tools read right 403', async () => {
    expect(await found({}, court)).toEqual(sorted(ids.a, ids.b, ids.c, ids.e));
    expect(await found({ units_ids: [w.otherUnit] }, court)).toEqual([]);
    expect(await found({ region_id: w.otherRegion }, court)).toEqual([]);
    expect(await found({}, admin)).toContain(ids.d);
    expect((await hotline.get(`/api/tool/${enc({})}`)).statusCode).toBe(403);
  });
});

describe('GET /api/tool_card/{id}', () => {
  it('every field with names and the stream revision; 404 outside the scope', async () => {
    const res = await court.get(`/api/tool_card/${ids.c}`);
    expect(res.statusCode).toBe(200);
    const { tool } = res.json() as { tool: Record<string, unknown> };
    expect(tool).toMatchObject({
      id: ids.c, revision: 0, unit_id: unit, tools_set_id: ids.set, state: ToolState.WAITING, work_in_dt: null, traits: [], tool_places: [], tool_movings: [],
      filesListDocs: [], filesListPictures: [], tool_kind: expect.any(String), manufacturer: expect.any(String), unit_name: expect.any(String), region_id: w.moscowRegion,
    });
    const outside = await court.get(`/api/tool_card/${ids.d}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Оборудование не найдено' });
    expect((await admin.get(`/api/tool_card/${ids.d}`)).statusCode).toBe(200);
    expect((await hotline.get(`/api/tool_card/${ids.a}`)).statusCode).toBe(403);
  });
});

describe('GET /api/tool_history/{id}', () => {
  it('attribute changes, state changes and requests merged, newest first, with Russian titles', async () => {
    const id = ids.e;
    const stream = await ctx.store.readStream(toolStreamId(id));
    const tool = (stream[0]!.data as { tool: ToolFields }).tool;
    const t = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const updated = await append(ctx, toolStreamId(id), [
      { type: 'ToolUpdated', data: { id, tool: { ...tool, description: 'Перенесено' }, changes: [{ field: 'description', old: null, new: 'Перенесено' }] } },
    ], { userId: w.users.engineer, now: t(1) });
    const req = await seedRequest(ctx, { unit_id: unit, region_id: w.moscowRegion, request_kind_id: 2, tool_id: id, number: 7101, request_date_add: t(2) });
    const changed = await append(ctx, toolStreamId(id), [{ type: 'ToolStateChanged', data: { id, state: ToolState.BROKEN, previous: ToolState.IN_WORK, reason: { request_id: req.id, request_number: 7101 } } }], {
      userId: w.users.engineer,
      now: t(3),
    });
    await settle(ctx, updated, req.position, changed);
    const body = (await court.get(`/api/tool_history/${id}`)).json() as { toolHistory: Array<Record<string, unknown>>; requestsWithTool: Array<Record<string, unknown>> };
    expect(body.toolHistory.map((h) => h.history_type)).toEqual(['state', 'request', 'attribute', 'registered']);
    expect(body.toolHistory[0]).toMatchObject({ object_attr_title: 'Состояние', value_old: 'В работе', value_new: 'Неисправно', request_id: req.id, user_name: expect.any(String) });
    expect(body.toolHistory[1]).toMatchObject({ request_id: req.id, request_number: 7101, request_kind_id: 2, request_status_id: expect.any(Number) });
    expect(body.toolHistory[2]).toMatchObject({ object_attr: 'description', object_attr_title: 'Примечание', value_new: 'Перенесено' });
    expect(body.requestsWithTool.map((r) => r.request_id)).toEqual([req.id]);
    // The card's revision follows the stream.
    expect(((await court.get(`/api/tool_card/${id}`)).json() as { tool: { revision: number } }).tool.revision).toBe(2);
  });
});

describe('counts', () => {
  it('GET /api/tools_count: by state within the scope', async () => {
    const res = (await admin.get(`/api/tools_count?unitId=${w.otherUnit}`)).json() as { counts: { total: number; byState: Record<string, number> } };
    const direct = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools WHERE unit_id = ${w.otherUnit} AND NOT deleted`));
    expect(res.counts.total).toBe(direct);
    expect(Object.keys(res.counts.byState).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Object.values(res.counts.byState).reduce((s, n) => s + n, 0)).toBe(direct);
    // OWN: another unit is outside the scope.
    expect(((await court.get(`/api/tools_count?unitId=${w.otherUnit}`)).json() as { counts: { total: number } }).counts.total).toBe(0);
  });

  it('GET /api/tools_age_count: per kind, older and younger than 5 years, a missing date as 1 Jan 2000', async () => {
    const after = (await court.get(`/api/tools_age_count?unit_id=${unit}`)).json() as typeof ageBefore;
    const of = (r: typeof ageBefore, kind: number) => r.kinds.find((k) => k.tool_kind_id === kind) ?? { total: 0, old: 0, new: 0 };
    // kind 0: A (new), C (no date: old), E (exactly 5 years: old); kind 1: B (old).
    expect(of(after, kinds[0]!).total - of(ageBefore, kinds[0]!).total).toBe(3);
    expect(of(after, kinds[0]!).old - of(ageBefore, kinds[0]!).old).toBe(2);
    expect(of(after, kinds[0]!).new - of(ageBefore, kinds[0]!).new).toBe(1);
    expect(of(after, kinds[1]!).old - of(ageBefore, kinds[1]!).old).toBe(1);
    expect(after.total.total - ageBefore.total.total).toBe(4);
    expect(after.total.total).toBe(after.total.old + after.total.new);
    expect(after.kinds[0]).toMatchObject({ tool_kind: expect.any(String) });
    // OWN lists its own units only: another unit counts nothing.
    expect(((await court.get(`/api/tools_age_count?unit_id=${w.otherUnit}`)).json() as typeof ageBefore).total.total).toBe(0);
    expect(((await admin.get(`/api/tools_age_count?unit_id=${w.otherUnit}`)).json() as typeof ageBefore).total.total).toBeGreaterThan(0);
  });
});

describe('sets', () => {
  it('list, one set with its tools, tools by set, search; 404 outside the scope', async () => {
    const page = (await court.get(`/api/tools_sets?filter=${enc({ inventar_number: marker })}`)).json() as { toolsSets: Array<Record<string, unknown>>; itemsCount: number };
    expect(page.itemsCount).toBe(1);
    expect(page.toolsSets[0]).toMatchObject({ id: ids.set, unit_id: unit, type_id: setKind, type_name: expect.any(String), tools_count: 1, region_id: w.moscowRegion });
    const one = (await court.get(`/api/tools_sets/${ids.set}`)).json() as { toolsSet: Record<string, unknown>; tools: Array<{ id: number }> };
    expect(one.toolsSet).toMatchObject({ id: ids.set, inventar_number: `К-${marker}`, revision: 0 });
    expect(one.tools.map((t) => t.id)).toEqual([ids.c]);
    expect(((await court.get(`/api/tools_by_set_id/${ids.set}`)).json() as { tools: Array<{ id: number }> }).tools.map((t) => t.id)).toEqual([ids.c]);
    const search = (await court.get(`/api/tools_sets_search?unit_id=${unit}&text=${encodeURIComponent(marker.toLowerCase())}`)).json() as { toolsSets: Array<{ id: number }> };
    expect(search.toolsSets.map((s) => s.id)).toEqual([ids.set]);
    const foreign = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools_sets WHERE unit_id <> ALL(${sql.array(w.courtUnits, 'int4')}) ORDER BY id LIMIT 1`));
    expect((await court.get(`/api/tools_sets/${foreign}`)).statusCode).toBe(404);
  });

  it('membership follows the set stream: update adds and removes, deletion clears, tools stay', async () => {
    const set = { unit_id: unit, inventar_number: `К-${marker}`, type_id: setKind, owner_type_id: 2, buh_name: `Комплект ${marker}`, work_in_dt: null };
    // The count is cached until the tools read model changes: asked before and after each change.
    expect((await list(admin, { tool_in_set: false })).itemsCount).toBe(4);
    const moved = await append(ctx, toolsSetStreamId(ids.set), [
      { type: 'ToolsSetUpdated', data: { id: ids.set, set, tool_ids: [ids.a], removed_tool_ids: [ids.c], changes: [] } },
    ]);
    await settle(ctx, moved);
    expect(await found({ tool_in_set: true })).toEqual([ids.a]);
    expect((await list(admin, { tool_in_set: false })).itemsCount).toBe(4);
    expect((await list(admin, { tool_in_set: true })).itemsCount).toBe(1);
    const deleted = await append(ctx, toolsSetStreamId(ids.set), [{ type: 'ToolsSetDeleted', data: { id: ids.set, tool_ids: [ids.a] } }]);
    await settle(ctx, deleted);
    expect(await found({ tool_in_set: true })).toEqual([]);
    expect((await list(admin, { tool_in_set: false })).itemsCount).toBe(5);
    expect((await court.get(`/api/tools_sets/${ids.set}`)).statusCode).toBe(404);
    expect(await found({})).toEqual(sorted(ids.a, ids.b, ids.c, ids.d, ids.e));
  });
});

describe('GET /api/tool_kind_traits/{json}', () => {
  it('the kind\'s characteristics and whether its software is kept; unknown kind 404, a tool outside the scope 404', async () => {
    const res = await court.get(`/api/tool_kind_traits/${enc({ kindId: kinds[0] })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ traits: expect.any(Array), soft_updatable: expect.any(Boolean) });
    expect((await court.get(`/api/tool_kind_traits/${enc({ toolId: ids.a })}`)).statusCode).toBe(200);
    expect((await court.get(`/api/tool_kind_traits/${enc({ toolId: ids.d })}`)).statusCode).toBe(404);
    expect((await court.get(`/api/tool_kind_traits/${enc({ kindId: 999999 })}`)).statusCode).toBe(404);
  });
});

describe('GET /api/tool_export/{format}/{filter}', () => {
  it('xlsx: one row per tool of the filter, within the scope; docx too', async () => {
    const res = await court.get(`/api/tool_export/xlsx/${enc({ tool_model: marker })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    // Header + A, B, C, E (D is outside the court's units).
    expect(sheet.match(/<row /g)?.length).toBe(5);
    expect(sheet).toContain(`RD-A-${marker}`);
    expect(sheet).not.toContain(`RD-D-${marker}`);
    // The names of a row (looked up by the export, joined by the list) are the list's.
    const shown = (await list(court, { serial_number: `RD-A-${marker}` })).tools[0] as Record<string, string>;
    const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    for (const name of [shown.region_title, shown.unit_name, shown.tool_kind, shown.manufacturer]) {
      expect(name).toBeTruthy();
      expect(sheet).toContain(xml(name!));
    }
    const docx = await admin.get(`/api/tool_export/docx/${enc({ tool_model: marker, tool_state: ToolState.BROKEN })}`);
    expect(docx.statusCode).toBe(200);
    const doc = unzip(docx.rawPayload).get('word/document.xml')!.toString('utf8');
    expect(doc).toContain(`RD-B-${marker}`);
    expect(doc).not.toContain(`RD-A-${marker}`);
    expect((await court.get(`/api/tool_export/pdf/${enc({})}`)).statusCode).toBe(400);
  });
});
