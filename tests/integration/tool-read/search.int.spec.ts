import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { organizationStreamId, type Unit } from '../../../domain/organization/decider';
import { toolStreamId, type ToolFields } from '../../../domain/tool/events';
import { ToolState } from '../../../domain/tool/states';
import type { AppContext } from '../../../api/context';
import type { Position } from '../../../infrastructure/eventstore/port';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { append, settle, unzip, worldOf, type World } from '../request-read/support';

/**
 * The equipment list's search (equipment.md 3 'Поиск'): one field over the tool's numbers, model,
 * manufacturer, kind, accounting name, note, location and object, by word form and by part, combined
 * with the filter and kept to the caller's units. Serial numbers carry this run's marker; searches of
 * names are narrowed by it (the demo data holds tools of every kind).
 */

let app: TestApp;
let ctx: AppContext;
let w: World;
let admin: ApiClient;
let court: ApiClient;

const marker = `ПОИСК${randomBytes(3).toString('hex')}`;
const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
const ids = { own: 0, other: 0, moved: 0 };
let kind: { id: number; title: string };
let otherKind: number;
let maker: { id: number; title: string };
let unitName: string;

const tool = (over: Partial<ToolFields>): ToolFields => ({
  unit_id: w.courtUnits[0]!, tools_set_id: null, tool_kind_id: kind.id, manufacturer_id: maker.id, model_id: null, model: 'Модель',
  serial_number: `${marker}-0`, inventar_number: null, owner_type_id: 2, cost_remain: null, exchange_stock: false, work_in_dt: null,
  guaranty_dt: null, work_out_dt: null, state: ToolState.IN_WORK, buh_name: null, description: null, tool_softwares: [],
  traits: [], tool_places: [], tool_movings: [], files: [], ...over,
});

const found = async (search: string, more: object = {}, client: ApiClient = admin) => {
  const res = await client.get(`/api/tool/${enc({ search, ...more })}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json() as { tools: Array<{ id: number }> }).tools.map((t) => Number(t.id)).sort((a, b) => a - b);
};
const mine = (search: string, more: object = {}, client: ApiClient = admin) => found(search, { serial_number: marker, ...more }, client);
const named = (list: number[]) => Object.entries(ids).filter(([, id]) => list.includes(id)).map(([n]) => n).sort();

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [admin, court] = await Promise.all([app.signIn('admin'), app.signIn('court')]);
  const kinds = await ctx.pool.any(sql.unsafe`SELECT id, title FROM rm_catalog_items WHERE catalog = 'tool_kind' ORDER BY id LIMIT 2`);
  kind = { id: Number(kinds[0]!.id), title: String(kinds[0]!.title) };
  otherKind = Number(kinds[1]!.id);
  const m = await ctx.pool.one(sql.unsafe`SELECT id, title FROM rm_catalog_items WHERE catalog = 'manufacturer' ORDER BY id LIMIT 1`);
  maker = { id: Number(m.id), title: String(m.title) };
  unitName = String(await ctx.pool.oneFirst(sql.unsafe`SELECT name FROM rm_units WHERE id = ${w.moscowUnit}`));
  const positions: Position[] = [];
  const add = async (key: keyof typeof ids, t: ToolFields) => {
    const id = await ctx.ids.next('tool');
    ids[key] = id;
    positions.push(await append(ctx, toolStreamId(id), [{ type: 'ToolRegistered', data: { id, tool: t } }], { expected: 'no_stream', userId: w.users.engineer }));
  };
  await add('own', tool({
    serial_number: `${marker}-SN-448812`, inventar_number: 'ИНВ-77301', model: 'LaserJet Pro M404', buh_name: 'Принтер лазерный монохромный',
    description: 'Стоит у окна в канцелярии', tool_places: [{ date_time: '2025-01-10', unit_id: w.courtUnits[0]!, room: 'Кабинет 215', man_post: null, man_fio: 'Смирнова Анна' }],
  }));
  await add('other', tool({
    unit_id: w.moscowUnit, tool_kind_id: otherKind, serial_number: `${marker}-SN-559923`, inventar_number: 'ИНВ-88402', model: 'ScanJet 5000',
    buh_name: 'Сканеры протяжные', description: 'Резервный', tool_places: [{ date_time: '2025-02-01', unit_id: w.moscowUnit, room: 'Архив', man_post: null, man_fio: 'Орлов Павел' }],
  }));
  await add('moved', tool({
    serial_number: `${marker}-SN-660034`, model: 'Проектор Epson',
    tool_places: [
      { date_time: '2024-01-10', unit_id: w.courtUnits[0]!, room: 'Зал 1', man_post: null, man_fio: 'Прежний Иван' },
      { date_time: '2025-01-10', unit_id: w.courtUnits[0]!, room: 'Зал 2', man_post: null, man_fio: 'Новиков Илья' },
    ],
  }));
  await settle(ctx, ...positions);
});

afterAll(async () => {
  await app?.close();
});

describe('equipment search: GET /api/tool with `search`', () => {
  it('finds by numbers, whole or in part', async () => {
    expect(named(await found('448812'))).toEqual(['own']);
    expect(named(await found('4881'))).toEqual(['own']);
    expect(named(await found('инв-773'))).toEqual(['own']);
    expect(named(await found(`${marker}-sn-5599`))).toEqual(['other']);
  });

  it('finds by model, accounting name (word forms), note, current room and person', async () => {
    expect(named(await mine('laserjet'))).toEqual(['own']);
    expect(named(await mine('принтеры'))).toEqual(['own']);
    expect(named(await mine('сканер'))).toEqual(['other']);
    expect(named(await mine('канцелярии окна'))).toEqual(['own']);
    expect(named(await mine('кабинет 215'))).toEqual(['own']);
    expect(named(await mine('смирновой'))).toEqual(['own']);
    expect(named(await mine('новиков'))).toEqual(['moved']);
    // An earlier location is not where the tool is.
    expect(named(await mine('прежний'))).toEqual([]);
  });

  it('finds by the names of manufacturer, kind and object', async () => {
    expect(named(await mine(maker.title))).toEqual(['moved', 'other', 'own']);
    expect(named(await mine(kind.title))).toEqual(['moved', 'own']);
    expect(named(await mine(unitName))).toEqual(['other']);
  });

  it('a quoted phrase keeps its words together; loose words each match', async () => {
    expect(named(await mine('"лазерный монохромный"'))).toEqual(['own']);
    expect(named(await mine('"монохромный лазерный"'))).toEqual([]);
    expect(named(await mine('монохромный лазерный'))).toEqual(['own']);
  });

  it('combines with the filter and stays inside the caller’s units', async () => {
    expect(named(await mine(maker.title, { tool_kind_ids: [otherKind] }))).toEqual(['other']);
    for (const word of ['559923', 'ScanJet', 'сканеры', 'Архив', 'Орлов', 'ИНВ-88402', 'протяжные'])
      expect(await found(word, {}, court), word).not.toContain(ids.other);
    expect(named(await found('448812', {}, court))).toEqual(['own']);
  });

  it('refuses a search too long; odd characters are text', async () => {
    const res = await admin.get(`/api/tool/${enc({ search: 'я'.repeat(201) })}`);
    expect(res.statusCode).toBe(400);
    for (const odd of ['%', '_', '\\', '"', '!!', "'", '&|'])
      expect((await admin.get(`/api/tool/${enc({ search: odd })}`)).statusCode, odd).toBe(200);
  });

  it('an object renamed is found by its new name at once: the count kept from before the rename is not reused', async () => {
    const word = `Отдел${marker}`;
    const counted = async () => (await admin.get(`/api/tool/${enc({ search: word })}`)).json() as { itemsCount: number; tools: Array<{ id: number }> };
    expect((await counted()).itemsCount).toBe(0);
    const unit = (await ctx.pool.one(sql.unsafe`SELECT id, organization_id, region_id, name, fullname, address, vncode FROM rm_units WHERE id = ${w.moscowUnit}`)) as unknown as Unit;
    const renamed = { ...unit, name: `${unit.name} ${word}` };
    const position = await append(ctx, organizationStreamId(unit.organization_id), [
      { type: 'UnitUpdated', data: { organization_id: unit.organization_id, unit: renamed, changes: [] } },
    ]);
    await settle(ctx, position);
    const after = await counted();
    expect(after.tools.map((t) => Number(t.id))).toContain(ids.other);
    const inUnit = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools WHERE unit_id = ${w.moscowUnit} AND NOT deleted`));
    expect(after.itemsCount).toBe(inUnit);
  });

  it('exports the searched list, the filter line naming the search', async () => {
    const res = await admin.get(`/api/tool_export/docx/${enc({ search: '448812' })}`);
    expect(res.statusCode).toBe(200);
    const xml = unzip(res.rawPayload).get('word/document.xml')!.toString('utf8');
    expect(xml).toContain('Поиск: 448812');
    expect(xml).toContain(`${marker}-SN-448812`);
    expect(xml).not.toContain(`${marker}-SN-559923`);
  });
});
