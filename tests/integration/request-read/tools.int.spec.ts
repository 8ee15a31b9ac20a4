import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { toolStreamId } from '../../../domain/tool/decider';
import { ToolState } from '../../../domain/tool/states';
import { changeToolState, registerTool, registerToolsSet } from '../../../commands/tool/tools';
import type { AppContext } from '../../../api/context';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { append, at, contextAt, seedRequest, settle, system, worldOf, type World } from './support';

let app: TestApp;
let ctx: AppContext;
let w: World;
let court: ApiClient;
let hotline: ApiClient;
let admin: ApiClient;

const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
type Page = { tools: Array<Record<string, unknown>>; pagesCount: number; itemsCount: number };
const search = async (client: ApiClient, f: object) => {
  const res = await client.get(`/api/tool/${enc(f)}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as Page;
};

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [court, hotline, admin] = await Promise.all([app.signIn('court'), app.signIn('hotline'), app.signIn('admin')]);
});

afterAll(async () => {
  await app?.close();
});

describe('equipment search (GET /api/tool/{filter})', () => {
  it('RIGHT_TOOLS_READ OWN: only the tools of the user\'s units, 20 a page, with names', async () => {
    const inScope = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools WHERE unit_id = ANY(${sql.array(w.courtUnits, 'int4')}) AND NOT deleted`));
    const p1 = await search(court, {});
    expect(p1.itemsCount).toBe(inScope);
    expect(p1.pagesCount).toBe(Math.max(1, Math.ceil(inScope / 20)));
    expect(p1.tools).toHaveLength(Math.min(20, inScope));
    expect(p1.tools.every((t) => w.courtUnits.includes(Number(t.unit_id)))).toBe(true);
    expect(p1.tools[0]).toMatchObject({ tool_kind: expect.any(String), manufacturer: expect.any(String), model: expect.any(String), serial_number: expect.any(String), stateTitle: expect.any(String), unit_name: expect.any(String) });
    const p2 = await search(court, { pageNumber: 2 });
    if (p1.pagesCount > 1) expect(p2.tools.map((t) => t.id)).not.toContain(p1.tools[0]!.id);
    else expect(p2.tools).toEqual(p1.tools);
    const everything = await search(admin, {});
    expect(everything.tools).toHaveLength(20);
    const second = await search(admin, { pageNumber: 2 });
    expect(second.tools.map((t) => t.id).filter((id) => everything.tools.some((t) => t.id === id))).toEqual([]);
    // Another unit is outside the scope: nothing, not an error.
    expect((await search(court, { unit_id: w.otherUnit })).itemsCount).toBe(0);
    const all = await search(admin, {});
    expect(all.itemsCount).toBeGreaterThan(inScope);
  });

  it('filters: unit, set kind, kinds, manufacturer, model, serial and inventory numbers with their exact variants', async () => {
    const sample = await ctx.pool.one(sql.unsafe`
      SELECT t.id, t.unit_id, t.tool_kind_id, t.manufacturer_id, t.model, t.serial_number, t.inventar_number, s.type_id
      FROM rm_tools t JOIN rm_tools_sets s ON s.id = t.tools_set_id WHERE t.unit_id = ${w.courtUnits[0]!} ORDER BY t.id LIMIT 1`);
    const ids = async (f: object) => (await search(admin, { unit_id: sample.unit_id, ...f })).tools.map((t) => Number(t.id));
    const count = async (f: object) => (await search(admin, { unit_id: sample.unit_id, ...f })).itemsCount;
    expect(await ids({ serial_number: String(sample.serial_number) })).toEqual([sample.id]);
    expect(await ids({ serial_number: String(sample.serial_number).slice(2), serial_exact: true })).toEqual([]);
    expect(await ids({ serial_number: String(sample.serial_number).toLowerCase(), serial_exact: true })).toEqual([sample.id]);
    expect(await ids({ inventar_number: String(sample.inventar_number), inventar_exact: true })).toEqual([sample.id]);
    const byKind = await search(admin, { unit_id: sample.unit_id, tool_kind_ids: [sample.tool_kind_id] });
    expect(byKind.tools.every((t) => t.tool_kind_id === sample.tool_kind_id)).toBe(true);
    expect(byKind.itemsCount).toBeGreaterThan(0);
    expect((await search(admin, { unit_id: sample.unit_id, tool_kind_id: sample.tool_kind_id })).itemsCount).toBe(byKind.itemsCount);
    const byManufacturer = await search(admin, { unit_id: sample.unit_id, manufacturer_id: sample.manufacturer_id });
    expect(byManufacturer.tools.every((t) => t.manufacturer_id === sample.manufacturer_id)).toBe(true);
    const bySet = await search(admin, { unit_id: sample.unit_id, tool_set_name_id: sample.type_id });
    expect(bySet.tools.every((t) => t.tool_set_name_id === sample.type_id && t.set_inventar_number)).toBe(true);
    expect(bySet.itemsCount).toBeLessThan(await count({}));
    const model = String(sample.model);
    const byModel = await search(admin, { unit_id: sample.unit_id, tool_model: model.slice(1, -1) });
    expect(byModel.tools.every((t) => String(t.model).includes(model.slice(1, -1)))).toBe(true);
    expect((await search(admin, { unit_id: sample.unit_id, tool_model: model.slice(1), tool_model_exact: true })).itemsCount).toBe(0);
    expect(await ids({ toolId: sample.id })).toEqual([sample.id]);
    expect((await admin.get(`/api/tool/${sample.id}`)).json()).toMatchObject({ tools: [{ id: sample.id }], itemsCount: 1 });
  });

  // decisions 8, 13: the registry is closed without RIGHT_TOOLS_READ, the request dialog's units included
  // (with RIGHT_REQUEST_READ ALL the hot line could otherwise read the whole registry unit by unit).
  it('without RIGHT_TOOLS_READ: no equipment, not even for the unit of a request dialog', async () => {
    expect((await hotline.get(`/api/tool/${enc({})}`)).statusCode).toBe(403);
    expect((await hotline.get(`/api/tool/${enc({ unit_id: w.otherUnit })}`)).statusCode).toBe(403);
    const req = await seedRequest(ctx, { unit_id: w.moscowUnit, region_id: w.moscowRegion });
    await settle(ctx, req.position);
    expect((await hotline.get(`/api/tool/${enc({ request_id: req.id })}`)).statusCode).toBe(403);
    // The court user cannot reach another unit's equipment through a request it may not read.
    expect((await court.get(`/api/tool/${enc({ request_id: req.id })}`)).statusCode).toBe(404);
  });
});

describe('GET /api/tools_for_commissioning/{unitId}', () => {
  it('sets awaiting balance and waiting tools outside sets of the unit', async () => {
    const unit = w.courtUnits[0]!;
    const now = contextAt(new Date().toISOString());
    const kinds = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tool_kind' ORDER BY id LIMIT 2`)).map(Number);
    const manufacturer = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'manufacturer' ORDER BY id LIMIT 1`));
    const tool = async (serial: string, state: number, extra: Record<string, unknown> = {}) =>
      registerTool(ctx, {
        unit_id: unit, tool_kind_id: kinds[0], manufacturer_id: manufacturer, model: 'Новая модель', serial_number: serial,
        inventar_number: state === ToolState.WAITING ? null : `ИНВ-${serial}`, owner_type_id: 2, exchange_stock: false,
        work_in_dt: state === ToolState.WAITING ? null : '2025-01-01', state, tool_softwares: [], ...extra,
      }, system, now);
    const a = await tool('NEW-A', ToolState.WAITING);
    const b = await tool('NEW-B', ToolState.WAITING);
    const loose = await tool('NEW-C', ToolState.WAITING);
    const working = await tool('NEW-D', ToolState.IN_WORK);
    const setKind = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tools_sets_names' ORDER BY id LIMIT 1`));
    const set = await registerToolsSet(ctx, { unit_id: unit, inventar_number: 'К-НОВЫЙ', type_id: setKind, owner_type_id: 2, buh_name: 'Новый комплект АРМ' }, [a.id, b.id], system, now);
    await settle(ctx, a.position, b.position, loose.position, working.position, set.position);
    const res = await court.get(`/api/tools_for_commissioning/${unit}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { toolsSets: Array<{ id: number; tools: Array<{ id: number }> }>; tools: Array<{ id: number }> };
    expect(body.toolsSets.map((s) => s.id)).toEqual([set.id]);
    expect(body.toolsSets[0]!.tools.map((t) => t.id).sort()).toEqual([a.id, b.id].sort());
    expect(body.tools.map((t) => t.id)).toEqual([loose.id]);
    expect((await court.get(`/api/tools_for_commissioning/${w.otherUnit}`)).statusCode).toBe(403);
  });
});

describe('GET /api/tool_history/{id}', () => {
  it('the tool\'s own history and the requests that involve it, each newest first', async () => {
    const toolRow = await ctx.pool.one(sql.unsafe`SELECT id, inventar_number, state FROM rm_tools WHERE unit_id = ${w.courtUnits[0]!} AND state = 1 ORDER BY id LIMIT 1`);
    const id = Number(toolRow.id);
    const viaTool = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_kind_id: 2, tool_id: id, number: 3101, request_date_add: at('02-01') });
    const viaCommissioning = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_kind_id: 3, number: 3102, request_date_add: at('02-05') }, {
      lists: { tools_commissioning: [{ tool_id: id, settling_place: 'Зал 1', instructed_person: 'Секретарь' }] },
    });
    const deleted = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_kind_id: 2, tool_id: id, request_date_add: at('02-07') }, {
      then: [{ type: 'RequestDeleted', data: { deleted_by: 1 } }],
    });
    const other = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_kind_id: 2, request_date_add: at('02-08') });
    const stream = await ctx.store.readStream(toolStreamId(id));
    const tool = (stream[0]!.data as { tool: Record<string, unknown> }).tool;
    const updated = await append(ctx, toolStreamId(id), [
      { type: 'ToolUpdated', data: { id, tool: { ...tool, inventar_number: 'ИН-НОВЫЙ' }, changes: [{ field: 'inventar_number', old: toolRow.inventar_number, new: 'ИН-НОВЫЙ' }] } },
    ], { userId: w.users.engineer, now: at('02-09') });
    const changed = await changeToolState(ctx, id, ToolState.BROKEN, { request_id: viaTool.id, request_number: 3101 }, contextAt(at('02-10'), w.users.engineer));
    await settle(ctx, viaTool.position, viaCommissioning.position, deleted.position, other.position, updated, changed.position);

    const res = await court.get(`/api/tool_history/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { toolHistory: Array<Record<string, unknown>>; requestsWithTool: Array<Record<string, unknown>> };
    // decisions 41–47 (equipment.md 4): the tool's own rows and the requests involving it, merged newest first.
    // The rows this test wrote (the seed's registration rows carry the seeding time, before or after them).
    const times = body.toolHistory.map((h) => Date.parse(String(h.date_time_d)));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(body.toolHistory.filter((h) => h.history_type === 'registered')).toHaveLength(1);
    const written = body.toolHistory.filter((h) => h.history_type === 'request' || h.object_attr === 'state' || h.object_attr === 'inventar_number');
    expect(written.map((h) => h.history_type)).toEqual(['state', 'attribute', 'request', 'request']);
    expect(written.slice(2).map((h) => h.request_id)).toEqual([viaCommissioning.id, viaTool.id]);
    expect(written[0]).toMatchObject({
      object_attr: 'state', object_attr_title: 'Состояние', value_old: 'В работе', value_new: 'Неисправно', request_id: viaTool.id, request_number: 3101,
      user: 'Петров Иван Сергеевич', date_time_d: at('02-10'),
    });
    expect(written[1]).toMatchObject({ object_attr: 'inventar_number', object_attr_title: 'Инвентарный номер', value_old: toolRow.inventar_number, value_new: 'ИН-НОВЫЙ' });
    expect(body.requestsWithTool.map((r) => r.request_id)).toEqual([viaCommissioning.id, viaTool.id]);
    expect(body.requestsWithTool[1]).toMatchObject({ history_type: 'request', request_number: 3101, kindTitle: 'Ремонт оборудования', statusTitle: 'Ожидает исполнителя', date_time_d: at('02-01') });

    const otherTool = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.otherUnit} ORDER BY id LIMIT 1`));
    expect((await court.get(`/api/tool_history/${otherTool}`)).json()).toEqual({ message: 'Оборудование не найдено' });
    expect((await hotline.get(`/api/tool_history/${id}`)).statusCode).toBe(403);
  });
});
