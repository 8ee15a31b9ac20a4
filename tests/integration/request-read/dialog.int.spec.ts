import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import {
  availableActions,
  foldRequest,
  requestDecider,
  requestStreamId,
  type Actor,
  type RequestCommand,
  type RequestEvent,
} from '../../../domain/request';
import { sparesSetDecider, sparesSetStreamId } from '../../../domain/spares/decider';
import { inboxStreamId, notificationsStreamId } from '../../../domain/notification';
import { handleCommand } from '../../../commands/handle-command';
import { loadCurrentUser } from '../../../api/auth/current-user';
import type { AppContext } from '../../../api/context';
import { requestHistory } from '../../../projections/request/history/queries';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { YEAR, append, at, contextAt, doc, fileRef, seedRequest, settle, system, worldOf, type World } from './support';

let app: TestApp;
let ctx: AppContext;
let w: World;
let engineer: ApiClient;
let court: ApiClient;
let senior: ApiClient;
let programA: number;

const actorOf = async (userId: number): Promise<Actor> => {
  const u = (await loadCurrentUser(ctx.pool, userId))!;
  return { userId: u.id, rights: u.rightsObject, fio: u.fio };
};

const command = async (id: number, cmd: RequestCommand, now = new Date().toISOString(), userId: number | null = null) => {
  const r = await handleCommand(ctx.store, requestDecider, requestStreamId(id), cmd, contextAt(now, userId));
  await settle(ctx, r.position);
  return r;
};

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [engineer, court, senior] = await Promise.all([app.signIn('engineer'), app.signIn('court'), app.signIn('senior')]);
  programA = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'programs' ORDER BY id LIMIT 1`));
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/request_single/{id}', () => {
  it('shows the request with names, revision, and the buttons the server accepts for this user', async () => {
    const id = await ctx.ids.next('request');
    // Registered by the branch engineer: only a holder of the approval right assigns executors on registration (decisions 33–40).
    const registrant = await actorOf(w.users.engineer);
    await command(id, {
      type: 'RegisterRequest',
      actor: registrant,
      id,
      number: 5001,
      request: {
        region_id: w.moscowRegion, unit_id: w.courtUnits[0]!, contact_kind: 1, contact_id: w.users.court, request_kind_id: 1, program_id: programA,
        request_text: 'Не запускается программа "Банк решений"',
      },
      engineer_ids: [w.users.engineer],
    }, new Date().toISOString(), w.users.engineer);

    const res = await engineer.get(`/api/request_single/${id}`);
    expect(res.statusCode).toBe(200);
    const view = (res.json() as { request: Record<string, unknown> }).request;
    expect(view).toMatchObject({
      id, number: 5001, revision: 0, request_status_id: 2, statusTitle: 'Ожидает исполнителя', kindTitle: 'Общее программное обеспечение',
      unit_id: w.courtUnits[0], region_id: w.moscowRegion, contact_id: w.users.court,
      engineers: [{ id: w.users.engineer, fio: 'Петров Иван Сергеевич' }],
      docs: [], works: [], spares: [], sparesPbs: [], toolsCommissioning: [],
    });
    expect(view.contact_fio).toBe('Кузнецова Мария Александровна');
    expect(view.unit_name).toEqual(expect.any(String));
    expect(view.region_title).toBe('г. Москва');
    expect(view.program_title).toEqual(expect.any(String));
    // The chat and history lists come along (the same rows as their own routes).
    expect(view.comments).toEqual([]);
    expect(view.request_history).toEqual((await engineer.get(`/api/request_history/${id}`)).json().request_history);
    expect((view.request_history as unknown[]).length).toBeGreaterThan(0);

    const events = (await ctx.store.readStream(requestStreamId(id))).map((e) => ({ type: e.type, data: e.data }) as RequestEvent);
    const expected = [...availableActions(foldRequest(events), await actorOf(w.users.engineer), new Date().toISOString())];
    expect(view.actions).toEqual(expected);
    expect(view.actions).toEqual(expect.arrayContaining(['take', 'assign', 'recall', 'save']));
    expect(view.editable).toEqual(expect.arrayContaining(['unit_id', 'request_text', 'attachments']));

    // The court user (no edit right) sees the request but no buttons.
    const own = (await (await court.get(`/api/request_single/${id}`)).json()) as { request: { actions: string[]; editable: string[] } };
    expect(own.request.actions).toEqual([]);
    expect(own.request.editable).toEqual([]);

    // After 'Принять к исполнению' the view follows the stream at once.
    await command(id, { type: 'TakeForPerform', actor: await actorOf(w.users.engineer) }, new Date().toISOString(), w.users.engineer);
    const taken = (await (await engineer.get(`/api/request_single/${id}`)).json()) as { request: Record<string, unknown> };
    expect(taken.request).toMatchObject({ revision: 1, request_status_id: 3, statusTitle: 'Исполняется' });
    expect(taken.request.actions).not.toContain('take');
    expect(taken.request.editable).toEqual(expect.arrayContaining(['note', 'result', 'works']));
  });

  it('is 404 "Заявка не найдена" outside the user\'s units, for unknown and for deleted requests', async () => {
    const other = await seedRequest(ctx, { unit_id: w.moscowUnit, region_id: w.moscowRegion });
    const gone = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion }, { then: [{ type: 'RequestDeleted', data: { deleted_by: 1 } }] });
    await settle(ctx, other.position, gone.position);
    for (const url of [
      `/api/request_single/${other.id}`, `/api/request_history/${other.id}`, `/api/request_engineers/${other.id}`, `/api/request_docs/${other.id}`,
      `/api/request_spares/${other.id}`, `/api/request_spares_pbs/${other.id}`, `/api/request_works/${other.id}`, `/api/request_comments/${other.id}`,
      `/api/request_tools_commissioning/${other.id}`, `/api/request_files/attachments/${other.id}`,
      `/api/request_single/${gone.id}`, `/api/request_single/999999`,
    ]) {
      const res = await court.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Заявка не найдена' });
    }
    expect((await engineer.get(`/api/request_single/${other.id}`)).statusCode).toBe(200);
  });
});

describe('costs (RIGHT_VIEW_COST FULL)', () => {
  let id: number;
  beforeAll(async () => {
    const setId = await ctx.ids.next('spares_set');
    await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), {
      type: 'RegisterSparesSet', actor: system, id: setId, region_id: w.moscowRegion, title: 'ЗИП 2026', contract: 'Контракт 1',
      items: [
        { id: 1, code: 1001, title: 'Блок питания', cost: 2500.25, amount: 3 },
        { id: 2, code: 1002, title: 'Кабель HDMI', cost: 300, amount: 1 },
      ],
    }, contextAt(new Date().toISOString()));
    const s = await seedRequest(ctx, { request_kind_id: 2, request_status_id: 3, unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, repair_type_id: 5 }, {
      lists: { works: [{ title: 'Замена блока питания', cost: 1500.5 }], spares_pbs: [{ title: 'Вентилятор', cost: 200 }] },
    });
    id = s.id;
    const alloc = await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AllocateSparesToRequest', request_id: id, items: [{ item_id: 1, amount: 2 }] }, contextAt(new Date().toISOString(), w.users.engineer));
    await settle(ctx, s.position, alloc.position);
  });

  it('with the right: costs of the request, works, spares and spares PBS', async () => {
    const view = ((await (await engineer.get(`/api/request_single/${id}`)).json()) as { request: Record<string, unknown> }).request;
    expect(view).toMatchObject({
      cost_work: 1500.5, cost_spares: 5000.5, cost_spares_pbs: 200, cost_total: 6701,
      works: [{ title: 'Замена блока питания', cost: 1500.5 }],
      sparesPbs: [{ title: 'Вентилятор', cost: 200 }],
      spares: [{ spare_id: 1, item_id: 1, code: 1001, title: 'Блок питания', cost: 2500.25, amount: 2, set_title: 'ЗИП 2026' }],
    });
    expect((await engineer.get(`/api/request_works/${id}`)).json()).toEqual({ works: [{ title: 'Замена блока питания', cost: 1500.5 }] });
    expect((await engineer.get(`/api/request_spares_pbs/${id}`)).json()).toEqual({ sparesPbs: [{ title: 'Вентилятор', cost: 200 }] });
    expect(((await engineer.get(`/api/request_spares/${id}`)).json() as { spares: unknown[] }).spares[0]).toMatchObject({ cost: 2500.25, amount: 2 });
    const row = await ctx.pool.one(sql.unsafe`SELECT cost_work, cost_spares, cost_spares_pbs FROM rm_requests WHERE id = ${id}`);
    expect(row).toEqual({ cost_work: 1500.5, cost_spares: 5000.5, cost_spares_pbs: 200 });
  });

  it('without the right: no cost anywhere', async () => {
    const res = (await (await senior.get(`/api/request_single/${id}`)).json()) as { request: Record<string, unknown> };
    const text = JSON.stringify(res);
    for (const key of ['cost_work', 'cost_spares', 'cost_spares_pbs', 'cost_total', '"cost"']) expect(text).not.toContain(key);
    expect(res.request.works).toEqual([{ title: 'Замена блока питания' }]);
    expect((await senior.get(`/api/request_works/${id}`)).json()).toEqual({ works: [{ title: 'Замена блока питания' }] });
    expect((await senior.get(`/api/request_spares_pbs/${id}`)).json()).toEqual({ sparesPbs: [{ title: 'Вентилятор' }] });
    // The stock of spares needs the ZIP right, which the senior contractor lacks (decisions 8, 13, least privilege).
    const spares = await senior.get(`/api/request_spares/${id}`);
    expect(spares.statusCode).toBe(403);
    expect(JSON.stringify(spares.json())).not.toContain('cost');
    const history = JSON.stringify((await senior.get(`/api/request_history/${id}`)).json());
    expect(history).toContain('Блок питания × 2');
    expect(history).not.toContain('руб.');
    expect(JSON.stringify((await engineer.get(`/api/request_history/${id}`)).json())).toContain('2500.25 руб.');
  });
});

describe('GET /api/request_history/{id}', () => {
  it('one row per changed field with Russian titles, formatted values and names', async () => {
    const tool = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.courtUnits[0]!} ORDER BY id LIMIT 1`));
    const s = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_kind_id: 1 }, { userId: w.users.court });
    const changes: RequestEvent[] = [
      {
        type: 'RequestFieldsChanged',
        data: {
          changes: [
            { field: 'request_kind_id', old: 1, new: 2 },
            { field: 'tool_id', old: null, new: tool },
            { field: 'date_out_d', old: null, new: `${YEAR}-02-14` },
            { field: 'repair_type_id', old: null, new: 5 },
            { field: 'troubles_display', old: false, new: true },
          ],
        },
      },
      { type: 'RequestEngineersAssigned', data: { engineers: [w.users.engineer, w.users.engineer2], previous: [], request_status_id: 2, previous_status_id: 2 } },
      { type: 'RequestTakenForPerform', data: { request_status_id: 3, previous_status_id: 2, request_text_expl: 'Изучено', request_performer_kind: 'FILIAL', engineers: [w.users.engineer, w.users.engineer2], taken_by: w.users.engineer } },
      { type: 'RequestDocumentAttached', data: { document: doc('CO_8', 'electron', 'act-8') } },
      { type: 'RequestNumberChanged', data: { number: 777001, previous: s.id } },
    ];
    const p = await append(ctx, requestStreamId(s.id), changes, { userId: w.users.engineer, now: at('03-05') });
    await settle(ctx, p);
    const res = await engineer.get(`/api/request_history/${s.id}`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { request_history: Array<Record<string, unknown>> }).request_history;
    // The last line of each field: the registration lists the seeded fields first (decisions 33–40).
    const byAttr = (attr: string) => rows.findLast((r) => r.request_attr === attr);
    expect(rows[0]).toMatchObject({ number: 1, request_attr: 'request_status_id', request_attr_title: 'Состояние', value_old: '', value_new: 'Ожидает исполнителя', user: 'Кузнецова Мария Александровна' });
    expect(byAttr('request_kind_id')).toMatchObject({ request_attr_title: 'Тип заявки', value_old: 'Общее программное обеспечение', value_new: 'Ремонт оборудования', user: 'Петров Иван Сергеевич', user_id: w.users.engineer });
    expect(byAttr('tool_id')?.value_new).toMatch(/с\/н SN\d+/);
    expect(byAttr('date_out_d')).toMatchObject({ request_attr_title: 'Дата исходящего документа суда', value_new: `14.02.${YEAR}` });
    expect(byAttr('repair_type_id')).toMatchObject({ request_attr_title: 'Вид ремонта', value_new: 'ЗИП филиала' });
    expect(byAttr('troubles_display')).toMatchObject({ value_old: 'Нет', value_new: 'Да' });
    expect(byAttr('engineers')).toMatchObject({ request_attr_title: 'Исполнители', value_old: '' });
    expect(String(byAttr('engineers')?.value_new)).toContain('Петров Иван Сергеевич');
    expect(rows.filter((r) => r.request_attr === 'request_status_id').map((r) => r.value_new)).toEqual(['Ожидает исполнителя', 'Исполняется']);
    expect(byAttr('request_text_expl')).toMatchObject({ request_attr_title: 'Описание изученной заявки', value_new: 'Изучено' });
    expect(byAttr('documents')).toMatchObject({ request_attr_title: 'Документы', value_old: '', value_new: 'act-8.docx' });
    expect(byAttr('number')).toMatchObject({ request_attr_title: 'Номер', value_old: String(s.id), value_new: '777001' });
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
    expect(byAttr('request_kind_id')?.date_time_d).toBe(at('03-05'));
  });

  it('stays fast for a request with 500 changes', async () => {
    const s = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion });
    const events: RequestEvent[] = [];
    const units = [w.moscowUnit, w.courtUnits[0]!];
    for (let i = 0; i < 500; i++)
      events.push(
        i % 5 === 0
          ? { type: 'RequestEngineersAssigned', data: { engineers: (i / 5) % 2 ? [w.users.engineer] : [w.users.engineer2], previous: [], request_status_id: 2, previous_status_id: 2 } }
          : i % 5 === 1
            ? { type: 'RequestFieldsChanged', data: { changes: [{ field: 'unit_id', old: null, new: units[((i - 1) / 5) % 2]! }] } }
            : { type: 'RequestFieldsChanged', data: { changes: [{ field: 'request_text', old: null, new: `Описание ${i}` }] } },
      );
    let p = s.position;
    for (let i = 0; i < events.length; i += 100) p = await append(ctx, requestStreamId(s.id), events.slice(i, i + 100), { userId: w.users.engineer });
    await settle(ctx, p);
    const rows = await requestHistory(ctx.pool, s.id, { showCosts: true });
    expect(rows.length).toBeGreaterThanOrEqual(500);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      await requestHistory(ctx.pool, s.id, { showCosts: true });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`request history of ${rows.length} rows: median ${median.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms`);
    expect(median).toBeLessThan(100);
  });
});

describe('lists of the dialog tabs', () => {
  it('engineers, documents, files per section, works, students, commissioning tools and comments', async () => {
    const tool = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.courtUnits[0]!} ORDER BY id LIMIT 1`));
    const s = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_kind_id: 3 }, {
      lists: {
        engineers: [w.users.engineer],
        attachments: [fileRef('f1', 'скан.pdf'), fileRef('f2', 'фото.jpg')],
        documents: [doc('CO_13', 'electron', 'd1')],
        tools_commissioning: [{ tool_id: tool, settling_place: 'Зал 5', instructed_person: 'Иванов И. И.' }],
        students_list: [{ name: 'Петрова А. А.', post: 'Секретарь' }],
      },
      then: [{ type: 'RequestAttachmentRemoved', data: { file_id: 'f2', file_name: 'фото.jpg' } }],
    });
    const actor = await actorOf(w.users.engineer);
    await settle(ctx, s.position);
    await command(s.id, { type: 'AddComment', actor, comment: 'Прошу уточнить кабинет', files: [fileRef('c1', 'схема.png')], notify_user_ids: [] }, new Date().toISOString(), w.users.engineer);
    await command(s.id, { type: 'AddComment', actor, comment: 'Кабинет 12', notify_user_ids: [] }, new Date().toISOString(), w.users.engineer);

    expect((await engineer.get(`/api/request_engineers/${s.id}`)).json()).toEqual({ engineers: [{ id: w.users.engineer, fio: 'Петров Иван Сергеевич' }] });
    const docs = (await engineer.get(`/api/request_docs/${s.id}`)).json() as { docs: Array<Record<string, unknown>> };
    expect(docs.docs).toHaveLength(1);
    expect(docs.docs[0]).toMatchObject({ file_id: 'd1', act_kind: 'CO_13', act_title: 'Акт СО-1.3', sign_type: 'electron', signers_count: 2, signed: false, section: 'documents', added_manually: false });
    const attachments = (await engineer.get(`/api/request_files/attachments/${s.id}`)).json() as { files: Array<Record<string, unknown>> };
    expect(attachments.files.map((f) => f.file_name)).toEqual(['скан.pdf']);
    expect(attachments.files[0]).toMatchObject({ request_id: s.id, request_number: s.id, section: 'attachments', added_manually: true });
    const commentFiles = (await engineer.get(`/api/request_files/comments/${s.id}`)).json() as { files: Array<Record<string, unknown>> };
    expect(commentFiles.files).toMatchObject([{ file_name: 'схема.png', comment_id: 1 }]);
    expect((await engineer.get(`/api/request_files/nowhere/${s.id}`)).statusCode).toBe(400);
    const comments = (await engineer.get(`/api/request_comments/${s.id}`)).json() as { comments: Array<Record<string, unknown>> };
    expect(comments.comments.map((c) => c.comment)).toEqual(['Кабинет 12', 'Прошу уточнить кабинет']);
    expect(comments.comments[1]).toMatchObject({ id: 1, user_id: w.users.engineer, fio: 'Петров Иван Сергеевич', request_id: s.id });
    const commissioning = (await engineer.get(`/api/request_tools_commissioning/${s.id}`)).json() as { toolsCommissioning: Array<Record<string, unknown>> };
    expect(commissioning.toolsCommissioning[0]).toMatchObject({ tool_id: tool, settling_place: 'Зал 5', instructed_person: 'Иванов И. И.', tool: { id: tool } });
    const view = ((await engineer.get(`/api/request_single/${s.id}`)).json() as { request: Record<string, unknown> }).request;
    expect(view).toMatchObject({ students_list: [{ name: 'Петрова А. А.', post: 'Секретарь' }], comments_count: 2, attachments: [{ file_id: 'f1' }] });
  });

  it('executor picker: engineers (role 2) of the region, or hot line staff', async () => {
    const res = (await engineer.get(`/api/engineers/${w.moscowRegion}`)).json() as { engineers: Array<{ id: number }> };
    const ids = res.engineers.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([w.users.engineer, w.users.engineer2]));
    expect(ids).not.toContain(w.users.chief);
    expect(ids).not.toContain(w.users.hotline);
    const other = (await engineer.get(`/api/engineers/${w.otherRegion}`)).json() as { engineers: Array<{ id: number }> };
    expect(other.engineers.map((e) => e.id)).not.toContain(w.users.engineer);
    const hotline = (await engineer.get(`/api/engineers/${w.moscowRegion}?hotline=true`)).json() as { engineers: Array<{ id: number }> };
    const hotlineIds = hotline.engineers.map((e) => e.id);
    expect(hotlineIds).toContain(w.users.hotline);
    expect(hotlineIds).not.toContain(w.users.engineer);
    // Hot line staff only: every one of them is a hot line executor.
    const staff = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_users WHERE hotline_worker AND NOT deleted ORDER BY id`)) as number[];
    expect([...hotlineIds].sort((a, b) => a - b)).toEqual(staff.map(Number));
  });
});

describe('spare search (GET /api/spares_sets/{filter})', () => {
  it('offers items with a remainder, leaves out what the request holds, hides costs without the right', async () => {
    const setId = await ctx.ids.next('spares_set');
    const r1 = await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), {
      type: 'RegisterSparesSet', actor: system, id: setId, region_id: w.otherRegion, title: 'ЗИП региона', contract: 'К-2',
      items: [
        { id: 11, code: 2001, title: 'Картридж', cost: 1200, amount: 2 },
        { id: 12, code: 2002, title: 'Фотобарабан', cost: 3400, amount: 1 },
        { id: 13, code: 2003, title: 'Клавиатура', cost: 700, amount: 5 },
      ],
    }, contextAt(new Date().toISOString()));
    const req = await seedRequest(ctx, { unit_id: w.otherUnit, region_id: w.otherRegion, request_kind_id: 2 });
    const other = await seedRequest(ctx, { unit_id: w.otherUnit, region_id: w.otherRegion, request_kind_id: 2 });
    const a1 = await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AllocateSparesToRequest', request_id: other.id, items: [{ item_id: 12, amount: 1 }] }, contextAt(new Date().toISOString()));
    const a2 = await handleCommand(ctx.store, sparesSetDecider, sparesSetStreamId(setId), { type: 'AllocateSparesToRequest', request_id: req.id, items: [{ item_id: 11, amount: 1 }] }, contextAt(new Date().toISOString()));
    await settle(ctx, r1.position, req.position, other.position, a1.position, a2.position);
    const admin = await app.signIn('admin');
    const found = (await admin.get(`/api/spares_sets/${encodeURIComponent(JSON.stringify({ region_id: w.otherRegion }))}`)).json() as { spares: Array<Record<string, unknown>> };
    const mine = (list: Array<Record<string, unknown>>) => list.filter((s) => s.spares_set_id === setId);
    expect(found.spares.every((s) => s.region_id === w.otherRegion && Number(s.remaining) > 0)).toBe(true);
    expect(mine(found.spares).map((s) => s.title).sort()).toEqual(['Картридж', 'Клавиатура']);
    expect(mine(found.spares).find((s) => s.title === 'Картридж')).toMatchObject({ spares_set_id: setId, set_title: 'ЗИП региона', code: 2001, cost: 1200, amount: 2, remaining: 1 });
    const forRequest = (await admin.get(`/api/spares_sets/${encodeURIComponent(JSON.stringify({ request_id: req.id, title: 'к' }))}`)).json() as { spares: Array<Record<string, unknown>>; region_id: number };
    expect(forRequest.region_id).toBe(w.otherRegion);
    expect(mine(forRequest.spares).map((s) => s.title)).toEqual(['Клавиатура']);
    // A reader of ZIP stock without RIGHT_VIEW_COST (no demo role is one: each ZIP holder sees costs).
    const role = await admin.post('/api/roles', { role: { title: 'ЗИП без стоимости', role_order: 30, access_level: 4, rightsObject: { RIGHT_ZIP: 1, RIGHT_REQUEST_READ: 8 } } });
    const created = await admin.post('/api/users', {
      user: { surname: 'Склад', name: 'Без', patronymic: 'Цен', email: 'zip-reader@courts.example.ru', organization_id: 2, login: 'zip_reader', password: 'secret123', users_roles: [role.json().id] },
    });
    expect(created.statusCode).toBe(200);
    const zipReader = await app.signIn('zip_reader', 'secret123');
    const noCostRes = await zipReader.get(`/api/spares_sets/${encodeURIComponent(JSON.stringify({ region_id: w.otherRegion }))}`);
    expect(noCostRes.statusCode).toBe(200);
    const noCost = noCostRes.json() as { spares: Array<Record<string, unknown>> };
    expect(mine(noCost.spares).map((s) => s.title).sort()).toEqual(['Картридж', 'Клавиатура']);
    expect(JSON.stringify(noCost)).not.toContain('"cost"');
    const items = await ctx.pool.any(sql.unsafe`SELECT id, allocated FROM rm_spares_items WHERE spares_set_id = ${setId} ORDER BY id`);
    expect(items).toEqual([{ id: 11, allocated: 1 }, { id: 12, allocated: 1 }, { id: 13, allocated: 0 }]);
  });
});

describe('notifications (GET /api/notifications/{userId})', () => {
  it('comment and explicit notifications of the user only, newest first; reads mark them read', async () => {
    const s = await seedRequest(ctx, { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, number: 4242 });
    await settle(ctx, s.position);
    await command(s.id, { type: 'AddComment', actor: await actorOf(w.users.court), comment: 'Когда приедет инженер?', notify_user_ids: [w.users.engineer, w.users.chief] }, at('03-10'), w.users.court);
    const nId = await ctx.ids.next('notifications');
    const p = await append(ctx, notificationsStreamId(nId), [
      { type: 'NotificationsCreated', data: { id: nId, notification_type: 'message', request_id: s.id, user_ids: [w.users.engineer], info: 'Проверьте заявку', date_time: at('03-11') } },
    ], { expected: 'no_stream' });
    await settle(ctx, p);
    const list = (await engineer.get(`/api/notifications/${w.users.engineer}`)).json() as { notifications: Array<Record<string, unknown>> };
    expect(list.notifications).toEqual([
      { id: `n${nId}-${w.users.engineer}`, date_time: at('03-11'), info: 'Проверьте заявку', object_id: s.id, state: 1, notification_type: 'message' },
      { id: `c${s.id}-1-${w.users.engineer}`, date_time: expect.any(String), info: 'Сообщение по заявке №4242', object_id: s.id, state: 1, notification_type: 'comment' },
    ]);
    const forbidden = await engineer.get(`/api/notifications/${w.users.chief}`);
    expect(forbidden.statusCode).toBe(403);

    const read = await append(ctx, inboxStreamId(w.users.engineer), [{ type: 'NotificationRead', data: { user_id: w.users.engineer, notification_id: `n${nId}-${w.users.engineer}` } }]);
    await settle(ctx, read);
    const after = (await engineer.get(`/api/notifications/${w.users.engineer}`)).json() as { notifications: Array<{ id: string }> };
    expect(after.notifications.map((n) => n.id)).toEqual([`c${s.id}-1-${w.users.engineer}`]);
    const all = (await engineer.get(`/api/notifications/${w.users.engineer}?state=all`)).json() as { notifications: Array<{ id: string; state: number }> };
    expect(all.notifications.map((n) => n.state)).toEqual([2, 1]);

    const chief = await app.signIn('chief');
    const cleared = await append(ctx, inboxStreamId(w.users.chief), [{ type: 'RequestNotificationsRead', data: { user_id: w.users.chief, request_id: s.id } }]);
    await settle(ctx, cleared);
    expect(((await chief.get(`/api/notifications/${w.users.chief}`)).json() as { notifications: unknown[] }).notifications).toEqual([]);
    // The engineer's notification of the same comment stays new.
    expect(((await engineer.get(`/api/notifications/${w.users.engineer}`)).json() as { notifications: unknown[] }).notifications).toHaveLength(1);
  });
});
