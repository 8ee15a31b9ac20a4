import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { countFilesUnder } from '../../support/files-on-disk';
import { toolStreamId, toolsSetStreamId } from '../../../domain/tool/events';
import { ToolState } from '../../../domain/tool/states';

let t: TestApp;
let engineer: ApiClient;
let court: ApiClient;
let admin: ApiClient;
let f: Awaited<ReturnType<typeof facts>>;

const today = () => new Date().toISOString().slice(0, 10);

const facts = async () => {
  const pool = t.server.ctx.pool;
  const eng = await pool.one(sql.unsafe`SELECT units FROM rm_users WHERE login = 'engineer'`);
  const unit = Number((eng.units as number[])[0]);
  const region = Number(await pool.oneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${unit}`));
  const foreignUnit = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_units WHERE region_id <> ${region} ORDER BY id LIMIT 1`));
  const model = async (kind: number) => {
    const m = await pool.one(sql.unsafe`SELECT id, data FROM rm_catalog_items WHERE catalog = 'tool_model' AND (data->>'tool_kind_id')::int = ${kind} AND NOT deleted ORDER BY id LIMIT 1`);
    const d = m.data as { manufacturer_id: number; model: string };
    return { model_id: Number(m.id), manufacturer_id: Number(d.manufacturer_id), model: d.model };
  };
  const program = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted ORDER BY id LIMIT 1`));
  const setType = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tools_sets_names' AND NOT deleted ORDER BY id LIMIT 1`));
  return { unit, foreignUnit, printer: await model(4), workstation: await model(2), program, setType };
};

beforeAll(async () => {
  t = await startTestApp();
  engineer = await t.signIn('engineer');
  court = await t.signIn('court');
  admin = await t.signIn('admin');
  f = await facts();
});
afterAll(async () => {
  await t.close();
});

const eventCount = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
const filesOnDisk = () => countFilesUnder(t.server.ctx.config.filesDir);
const streamOf = async (id: string) => t.server.ctx.store.readStream(id);

let serial = 0;
/** A printer in the engineer's unit that every rule accepts. */
const printer = (over: Record<string, unknown> = {}) => ({
  id: null,
  unit_id: f.unit,
  tool_kind_id: 4,
  ...f.printer,
  serial_number: `TW-${Date.now()}-${++serial}`,
  inventar_number: `ИН-TW-${serial}`,
  owner_type_id: 2,
  cost_remain: '1234.50',
  exchange_stock: false,
  work_in_dt: '2024-03-15',
  guaranty_dt: null,
  work_out_dt: null,
  state: ToolState.IN_WORK,
  buh_name: 'Принтер лазерный',
  description: null,
  tool_softwares: [],
  ...over,
});

const png = () => {
  const content = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`png ${Math.random()}`)]);
  return { field: 'pictures', name: `photo-${++serial}.png`, content, type: 'image/png' };
};
const pdf = () => ({ field: 'documents', name: `passport-${++serial}.pdf`, content: Buffer.from(`%PDF-1.4 ${Math.random()}`), type: 'application/pdf' });

const create = (tool: Record<string, unknown>, files: Parameters<ApiClient['multipart']>[3] = [], client = engineer) =>
  client.multipart('POST', '/api/tool', { tool }, files);

const created = async (tool: Record<string, unknown>, files: Parameters<ApiClient['multipart']>[3] = []) => {
  const res = await create(tool, files);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { message: string; id: number };
  expect(body.message).toBe('Сохранено');
  return body.id;
};

/** The call must answer 400 with `message` at `field`, and write no event and no file. */
const refused400 = async (call: () => Promise<LightMyRequestResponse>, message: string, field?: string) => {
  const events = await eventCount();
  const files = await filesOnDisk();
  const res = await call();
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; errors?: Record<string, string> };
  if (field) expect(body.errors?.[field] ?? body.message).toBe(message);
  else expect(body.message).toBe(message);
  expect(await eventCount()).toBe(events);
  expect(await filesOnDisk()).toBe(files);
};

describe('POST /api/tool: every message of equipment.md 5 (card), 400 and nothing written', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['kind', { tool_kind_id: null }, 'Укажите вид оборудования', 'tool_kind_id'],
    ['manufacturer', { manufacturer_id: null }, 'Укажите производителя оборудования', 'manufacturer_id'],
    ['name', { model: '' }, 'Укажите наименование оборудования', 'model'],
    ['serial', { serial_number: '' }, 'Укажите серийный номер', 'serial_number'],
    ['serial spaces', { serial_number: ' SN1' }, 'Неверный формат', 'serial_number'],
    ['inventory outside waiting', { inventar_number: null }, 'Укажите инвентарный номер', 'inventar_number'],
    ['inventory spaces', { inventar_number: 'ИН-1 ' }, 'Неверный формат', 'inventar_number'],
    ['object', { unit_id: null }, 'Выберите объект', 'unit_id'],
    ['state', { state: null }, 'Укажите состояние оборудования', 'state'],
    ['residual cost', { cost_remain: '12.345' }, 'Число, два знака после запятой', 'cost_remain'],
    ['accounting name', { buh_name: 'я'.repeat(1001) }, 'Не более 1000 символов', 'buh_name'],
    ['commissioning date in the future', { work_in_dt: '2999-01-01' }, 'Укажите дату не позднее сегодняшней', 'work_in_dt'],
    ['software of a kind without software', { tool_softwares: [1] }, 'Для этого вида оборудования программное обеспечение не указывается', 'tool_softwares'],
  ];
  for (const [name, over, message, field] of cases)
    it(name, async () => {
      await refused400(() => create(printer(over), [png()]), message, field);
    });

  it('a waiting tool needs no inventory number and no commissioning date', async () => {
    const id = await created(printer({ state: ToolState.WAITING, inventar_number: null, work_in_dt: null }));
    const [e] = await streamOf(toolStreamId(id));
    expect((e!.data as { tool: { state: number } }).tool.state).toBe(ToolState.WAITING);
  });

  it('a new tool cannot start reclaimed', async () => {
    await refused400(() => create(printer({ state: ToolState.RECLAIMED })), 'Новое оборудование может быть только в состоянии «Ожидает ввода в эксплуатацию», «В работе» или «Неисправно»', 'state');
  });

  it('warranty months set the warranty end from the commissioning date', async () => {
    const id = await created(printer({ work_in_dt: '2024-01-31', guaranty_months: 24 }));
    const [e] = await streamOf(toolStreamId(id));
    expect((e!.data as { tool: { guaranty_dt: string } }).tool.guaranty_dt).toBe('2026-01-31');
  });
});

describe('rights and scope', () => {
  it('court cannot write (403) and writes nothing', async () => {
    const events = await eventCount();
    expect((await create(printer(), [], court)).statusCode).toBe(403);
    expect((await court.put('/api/tool_attr/1', { tool: printer() })).statusCode).toBe(403);
    expect((await court.delete('/api/tool/1')).statusCode).toBe(403);
    expect((await court.post('/api/tools_sets', { toolsSet: {}, tools: [] })).statusCode).toBe(403);
    expect(await eventCount()).toBe(events);
  });

  it('the engineer cannot create a tool in a unit outside the scope (404)', async () => {
    const events = await eventCount();
    const res = await create(printer({ unit_id: f.foreignUnit }), [png()]);
    expect(res.statusCode, res.body).toBe(404);
    expect(await eventCount()).toBe(events);
  });

  it('a tool outside the scope is not found for the engineer', async () => {
    const id = await (async () => {
      const res = await create(printer({ unit_id: f.foreignUnit }), [], admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    })();
    expect((await engineer.multipart('PUT', `/api/tool/${id}`, { tool: printer() })).statusCode).toBe(404);
    expect((await engineer.delete(`/api/tool/${id}`)).statusCode).toBe(404);
    expect((await engineer.get(`/api/tool_file/${id}/1`)).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('a picture and a document are stored with their sections and served back', async () => {
    const picture = png();
    const id = await created(printer(), [picture, pdf()]);
    const [e] = await streamOf(toolStreamId(id));
    const files = (e!.data as { tool: { files: Array<{ file_id: string; section: string; file_name: string }> } }).tool.files;
    expect(files.map((x) => x.section).sort()).toEqual(['tool_docs', 'tool_pictures']);
    const pic = files.find((x) => x.section === 'tool_pictures')!;
    const res = await engineer.get(`/api/tool_file/${id}/${pic.file_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(picture.content)).toBe(true);
  });

  it('pictures of a wrong type are refused and leave no file', async () => {
    await refused400(() => create(printer(), [{ field: 'pictures', name: 'scan.pdf', content: Buffer.from('%PDF'), type: 'application/pdf' }]), 'Допустимые типы изображений: png, jpeg, jpg', 'pictures');
    // A name that lies about the content.
    await refused400(() => create(printer(), [{ field: 'pictures', name: 'fake.png', content: Buffer.from('not a picture at all'), type: 'image/png' }]), 'Допустимые типы изображений: png, jpeg, jpg', 'pictures');
    await refused400(() => create(printer(), [{ field: 'documents', name: 'run.exe', content: Buffer.from('MZ'), type: 'application/octet-stream' }]), 'Допустимые типы документов: png, jpeg, jpg, pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z', 'documents');
  });

  it('at most 20 pictures a save', async () => {
    await refused400(() => create(printer(), Array.from({ length: 21 }, () => png())), 'Не более 20 изображений', 'pictures');
  });

  it('PUT keeps the files listed in filesList and removes the others', async () => {
    const id = await created(printer(), [pdf(), pdf()]);
    const [e] = await streamOf(toolStreamId(id));
    const files = (e!.data as { tool: { files: Array<{ file_id: string }> } }).tool.files;
    const res = await engineer.multipart('PUT', `/api/tool/${id}`, { tool: { ...printer(), revision: 0 }, filesList: [files[0]!.file_id] }, [png()]);
    expect(res.statusCode, res.body).toBe(200);
    const stream = await streamOf(toolStreamId(id));
    const after = (stream.at(-1)!.data as { tool: { files: Array<{ file_id: string; section: string }> } }).tool.files;
    expect(after.map((x) => x.file_id)).toContain(files[0]!.file_id);
    expect(after.map((x) => x.file_id)).not.toContain(files[1]!.file_id);
    expect(after.filter((x) => x.section === 'tool_pictures')).toHaveLength(1);
  });
});

describe('updates', () => {
  it('a stale revision is refused with 409', async () => {
    const id = await created(printer());
    expect((await engineer.multipart('PUT', `/api/tool/${id}`, { tool: { ...printer(), description: 'первое', revision: 0 } })).statusCode).toBe(200);
    const res = await engineer.multipart('PUT', `/api/tool/${id}`, { tool: { ...printer(), description: 'второе', revision: 0 } });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toBe('Запись была изменена другим пользователем. Обновите данные.');
  });

  it('the state follows only transitions of the machine', async () => {
    const id = await created(printer({ state: ToolState.WAITING, inventar_number: null, work_in_dt: null }));
    await refused400(
      () => engineer.multipart('PUT', `/api/tool/${id}`, { tool: printer({ state: ToolState.RECLAIMED }) }),
      'Переход из состояния «Ожидает ввода в эксплуатацию» в состояние «Списано» недоступен',
      'state',
    );
    expect((await engineer.multipart('PUT', `/api/tool/${id}`, { tool: printer({ state: ToolState.IN_WORK }) })).statusCode).toBe(200);
  });

  it('tool_attr with the write right saves the card, without files', async () => {
    const id = await created(printer(), [pdf()]);
    const res = await engineer.put(`/api/tool_attr/${id}`, { tool: printer({ description: 'Кабинет 204' }) });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await streamOf(toolStreamId(id))).at(-1)!;
    expect(last.type).toBe('ToolUpdated');
    expect((last.data as { tool: { description: string; files: unknown[] } }).tool).toMatchObject({ description: 'Кабинет 204' });
    expect((last.data as { tool: { files: unknown[] } }).tool.files).toHaveLength(1);
  });

  it('DELETE removes the tool', async () => {
    const id = await created(printer());
    const res = await engineer.delete(`/api/tool/${id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { message: string }).message).toBe('Удалено');
    expect((await streamOf(toolStreamId(id))).at(-1)!.type).toBe('ToolDeleted');
    expect((await engineer.delete(`/api/tool/${id}`)).statusCode).toBe(404);
  });
});

describe('place edit only', () => {
  it('a holder of the place right alone changes only the locations', async () => {
    const id = await created(printer({ description: 'исходное' }));
    // A role with RIGHT_TOOLS_READ OWN and RIGHT_TOOLS_PLACE_EDIT only, given to a new account.
    const placer = await placeEditor();
    const res = await placer.put(`/api/tool_attr/${id}`, {
      tool: { ...printer({ description: 'подмена' }), tool_places: [{ date_time: today(), unit_id: f.unit, room: 'Каб. 101', man_post: 'Секретарь', man_fio: 'Иванова И. И.' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await streamOf(toolStreamId(id))).at(-1)!;
    const data = last.data as { tool: { description: string; tool_places: Array<{ room: string }> }; changes: Array<{ field: string }> };
    expect(data.tool.description).toBe('исходное');
    expect(data.tool.tool_places[0]!.room).toBe('Каб. 101');
    expect(data.changes.map((c) => c.field)).toEqual(['tool_places']);
    // The card save itself is the write right's.
    expect((await placer.multipart('PUT', `/api/tool/${id}`, { tool: printer() })).statusCode).toBe(403);
  });
});

const placeEditor = async (): Promise<ApiClient> => {
  const pool = t.server.ctx.pool;
  const eng = await pool.one(sql.unsafe`SELECT organization_id FROM rm_users WHERE login = 'engineer'`);
  const role = await admin.post('/api/roles', { role: { title: `Размещение ${Date.now()}`, role_order: 30, access_level: 1, rightsObject: { RIGHT_TOOLS_READ: 4, RIGHT_TOOLS_PLACE_EDIT: 2 } } });
  expect(role.statusCode, role.body).toBe(200);
  const roleId = Number((role.json() as { id: number }).id);
  const login = `placer${Date.now()}`;
  const user = await admin.post('/api/users', {
    user: { login, password: 'secret123', surname: 'Размещенов', name: 'Пётр', organization_id: eng.organization_id, users_roles: [roleId], units: [f.unit], email: `${login}@courts.example.ru` },
  });
  expect(user.statusCode, user.body).toBe(200);
  await t.settled();
  return t.signIn(login, 'secret123');
};

describe('sets', () => {
  const setOf = (over: Record<string, unknown> = {}) => ({
    id: null, unit_id: f.unit, inventar_number: `К-TW-${++serial}`, type_id: f.setType, owner_type_id: 2, buh_name: 'Рабочее место судьи', work_in_dt: '2024-02-01', ...over,
  });
  const workstation = (over: Record<string, unknown> = {}) => printer({ tool_kind_id: 2, ...f.workstation, ...over });

  it('every message of equipment.md 5 (set)', async () => {
    const tools = [workstation()];
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ unit_id: null }, 'Выберите объект', 'unit_id'],
      [{ inventar_number: '' }, 'Нужно ввести', 'inventar_number'],
      [{ type_id: null }, 'Нужно выбрать', 'type_id'],
      [{ owner_type_id: null }, 'Нужно выбрать', 'owner_type_id'],
      [{ buh_name: 'АРМ' }, 'Наименование, от 5-ти до 1000 символов', 'buh_name'],
      [{ work_in_dt: '2999-01-01' }, 'Укажите дату не позднее сегодняшней', 'work_in_dt'],
    ];
    for (const [over, message, field] of cases) await refused400(() => engineer.post('/api/tools_sets', { toolsSet: setOf(over), tools, oldToolsIds: [] }), message, field);
    await refused400(() => engineer.post('/api/tools_sets', { toolsSet: setOf(), tools: [], oldToolsIds: [] }), 'Комплект должен содержать учетные единицы', 'tools');
    // A bad tool refuses the whole set: nothing of it is written.
    await refused400(() => engineer.post('/api/tools_sets', { toolsSet: setOf(), tools: [workstation(), workstation({ serial_number: '' })], oldToolsIds: [] }), 'Укажите серийный номер', 'tools.1.serial_number');
  });

  it('a tool of another set cannot join a second one', async () => {
    const first = await engineer.post('/api/tools_sets', { toolsSet: setOf(), tools: [workstation(), printer()], oldToolsIds: [] });
    expect(first.statusCode, first.body).toBe(200);
    const [reg] = await streamOf(toolsSetStreamId((first.json() as { id: number }).id));
    const taken = (reg!.data as { tool_ids: number[] }).tool_ids[0]!;
    await refused400(
      () => engineer.post('/api/tools_sets', { toolsSet: setOf(), tools: [workstation({ id: taken })], oldToolsIds: [] }),
      'Учетная единица входит в другой комплект',
      'tools.0.id',
    );
  });

  it('a set saves with three tools, a copy makes new ones, deleting it keeps the tools', async () => {
    const res = await engineer.post('/api/tools_sets', { toolsSet: setOf(), tools: [workstation(), workstation({ tool_softwares: [f.program] }), printer()], oldToolsIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    const setId = (res.json() as { id: number }).id;
    const [reg] = await streamOf(toolsSetStreamId(setId));
    const toolIds = (reg!.data as { tool_ids: number[] }).tool_ids;
    expect(reg!.type).toBe('ToolsSetRegistered');
    expect(toolIds).toHaveLength(3);
    for (const id of toolIds) expect(((await streamOf(toolStreamId(id)))[0]!.data as { tool: { tools_set_id: number } }).tool.tools_set_id).toBe(setId);

    // Copy: ids cleared → a new set with three new tools; the original stays as it was.
    const copy = await engineer.post('/api/tools_sets', { toolsSet: setOf({ id: null }), tools: [workstation({ id: null }), workstation({ id: null }), printer({ id: null })], oldToolsIds: [] });
    expect(copy.statusCode, copy.body).toBe(200);
    const copyIds = ((await streamOf(toolsSetStreamId((copy.json() as { id: number }).id)))[0]!.data as { tool_ids: number[] }).tool_ids;
    expect(copyIds.filter((x) => toolIds.includes(x))).toEqual([]);

    // Update: drop one tool; it stays, outside the set.
    const keep = toolIds.slice(0, 2);
    const upd = await engineer.put(`/api/tools_sets/${setId}`, { toolsSet: { ...setOf({ id: setId }), revision: 0 }, tools: keep.map((id) => workstation({ id })), oldToolsIds: toolIds });
    expect(upd.statusCode, upd.body).toBe(200);
    const updated = (await streamOf(toolsSetStreamId(setId))).at(-1)!;
    expect(updated.type).toBe('ToolsSetUpdated');
    expect((updated.data as { removed_tool_ids: number[] }).removed_tool_ids).toEqual([toolIds[2]]);
    const dropped = (await streamOf(toolStreamId(toolIds[2]!))).at(-1)!;
    expect((dropped.data as { tool: { tools_set_id: number | null } }).tool.tools_set_id).toBeNull();

    const del = await engineer.delete(`/api/tools_sets/${setId}`);
    expect(del.statusCode).toBe(200);
    expect((del.json() as { message: string }).message).toBe('Удалено');
    expect((await streamOf(toolsSetStreamId(setId))).at(-1)!.type).toBe('ToolsSetDeleted');
    for (const id of keep) {
      const last = (await streamOf(toolStreamId(id))).at(-1)!;
      expect(last.type).not.toBe('ToolDeleted');
      expect((last.data as { tool: { tools_set_id: number | null } }).tool.tools_set_id).toBeNull();
    }
  });
});
