import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import type { AppContext } from '../../../api/context';
import { registerTool } from '../../../commands/tool/tools';
import type { RequestEvent } from '../../../domain/request';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { YEAR, at, contextAt, listIds, seedNamed, seedRequest, settle, system, type NamedSeed, unzip, worldOf, type World } from './support';

let app: TestApp;
let ctx: AppContext;
let w: World;
let admin: ApiClient;
let court: ApiClient;
const r: Record<string, number> = {};

const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
const year = { date_beg: `${YEAR}-01-01`, date_end: `${YEAR}-12-31` };

const comment = (id: number, text: string): RequestEvent => ({
  type: 'RequestCommentAdded',
  data: { comment_id: id, request_number: null, comment: text, files: [], user_id: 1, fio: 'Админ', date_time_d: at('03-02'), notify_user_ids: [] },
});

/** Words of 'other', the request outside the court user's units: no search of the court user may find it. */
const otherWords = ['Сломался', 'сканер', 'сканеры', 'втором', 'зале', 'SN-ZX-99817', '99817', 'ИНВ-5521', '5521', 'Петровский', 'petr@example.ru', 'ГЛ-70071', '70071', 'ремонтный', 'трещина'];

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [admin, court] = await Promise.all([app.signIn('admin'), app.signIn('court')]);
  const manufacturer = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'manufacturer' ORDER BY id LIMIT 1`));
  const tool = (
    await registerTool(
      ctx,
      {
        unit_id: w.moscowUnit, tool_kind_id: 2, manufacturer_id: manufacturer, model: 'Модель', serial_number: 'SN-ZX-99817', inventar_number: 'ИНВ-5521',
        owner_type_id: 1, exchange_stock: false, work_in_dt: '2024-01-10', guaranty_dt: '2027-01-10', state: 1, tool_softwares: [],
      },
      system,
      contextAt(new Date().toISOString()),
    )
  ).id;
  const seeds: NamedSeed[] = [
    ['own', {
      unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, number: 987654, hotlinegas_number: 'ГЛ-44321', request_date_add: at('03-01'),
      request_text: '<p>Не печатает <b>принтер</b> в зале заседаний</p>', request_text_expl: 'Замена картриджа', note: 'Почищен ролик подачи',
      contact_unknown_name: 'Кузнецова Ирина', contact_unknown_email: 'irina.k@example.ru',
    }, { lists: { works: [{ title: 'Диагностика термоблока', cost: 100 }] }, then: [comment(1, 'Сканеры тоже не видят сеть'), comment(2, 'Жду ответа')] }],
    ['other', {
      unit_id: w.moscowUnit, region_id: w.moscowRegion, number: 555001, hotlinegas_number: 'ГЛ-70071', request_kind_id: 2, tool_id: tool, request_date_add: at('03-02'),
      request_text: 'Сломался сканер во втором зале', note: 'Ремонтный комплект заказан', contact_unknown_name: 'Петровский Олег', contact_unknown_email: 'petr@example.ru',
    }, { then: [comment(1, 'Трещина на стекле')] }],
    ['phrase', { unit_id: w.moscowUnit, region_id: w.moscowRegion, request_text: 'Синий принтер гудит', request_date_add: at('03-03') }],
    ['words', { unit_id: w.moscowUnit, region_id: w.moscowRegion, request_text: 'Принтер стоит у окна, корпус синий', request_date_add: at('03-04') }],
    // Newer than 'own', and holds 'картридж' only inside another word.
    ['part', { unit_id: w.moscowUnit, region_id: w.moscowRegion, request_text: 'Картриджный отсек не закрывается', request_date_add: at('03-06') }],
    ['gone', { unit_id: w.moscowUnit, region_id: w.moscowRegion, request_text: 'Удалённая заявка про принтер', request_date_add: at('03-05') }, {
      then: [{ type: 'RequestDeleted', data: { deleted_by: 1 } }],
    }],
  ];
  await seedNamed(ctx, seeds, r);
});

afterAll(async () => {
  await app?.close();
});

const search = (client: ApiClient, text: string, more: Record<string, unknown> = {}) => listIds(client, { ...year, search: text, ...more });
const names = (ids: number[]) => Object.entries(r).filter(([, id]) => ids.includes(id)).map(([n]) => n).sort();

describe('request search: GET /api/request with `search`', () => {
  it('finds word forms (the russian configuration)', async () => {
    expect(names(await search(admin, 'принтера'))).toEqual(['own', 'phrase', 'words']);
    expect(names(await search(admin, 'принтеры'))).toEqual(['own', 'phrase', 'words']);
    // 'сканер' in the request text of one, 'Сканеры' in the chat of the other.
    expect(names(await search(admin, 'сканеры'))).toEqual(['other', 'own']);
    expect(names(await search(admin, 'сканера'))).toEqual(['other', 'own']);
    expect(names(await search(admin, 'картриджи'))).toEqual(['own']);
  });

  it('searches every part of the request: texts, works, the applicant, the chat, numbers', async () => {
    for (const word of ['заседаний', 'ролика', 'термоблок', 'Кузнецова', 'irina.k@example.ru', 'сети', 'ГЛ-44321', '987654'])
      expect(names(await search(admin, word)), word).toEqual(['own']);
  });

  it('finds parts of words and numbers (trigrams), the tool serial and inventory numbers', async () => {
    expect(names(await search(admin, '8765'))).toEqual(['own']);
    expect(names(await search(admin, '4432'))).toEqual(['own']);
    expect(names(await search(admin, 'термобл'))).toEqual(['own']);
    expect(names(await search(admin, 'zx-998'))).toEqual(['other']);
    expect(names(await search(admin, 'инв-552'))).toEqual(['other']);
    expect(names(await search(admin, 'petr@exam'))).toEqual(['other']);
  });

  it('a quoted phrase needs its words together and in order; loose words need each word', async () => {
    expect(names(await search(admin, '"синий принтер"'))).toEqual(['phrase']);
    expect(names(await search(admin, 'синий принтер'))).toEqual(['phrase', 'words']);
    expect(names(await search(admin, 'принтер окна'))).toEqual(['words']);
  });

  it('never finds a deleted request, nor a word nobody wrote', async () => {
    expect(names(await search(admin, 'удалённая'))).toEqual([]);
    expect(names(await search(admin, 'гиппопотам'))).toEqual([]);
  });

  it('ranks: the request whose number is the search comes first', async () => {
    const ids = await listIds(admin, { ...year, search: '987654' });
    expect(ids[0]).toBe(r.own);
    const res = await admin.get(`/api/request/${enc({ ...year, search: 'принтер' })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { requests: Array<{ id: number }>; itemsCount: number };
    expect(body.itemsCount).toBe(3);
    expect(body.requests.map((x) => x.id).sort()).toEqual([r.own, r.phrase, r.words].sort());
  });

  it('ranks a request holding the words before a newer one holding only a part of a word', async () => {
    const res = await admin.get(`/api/request/${enc({ ...year, search: 'картридж' })}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { requests: Array<{ id: number }> }).requests.map((x) => x.id)).toEqual([r.own, r.part]);
  });

  it('stays inside the scope: a court user never finds another court’s request by any word of it', async () => {
    for (const word of otherWords) expect(await search(court, word), word).not.toContain(r.other);
    const page = await court.get(`/api/request/${enc({ ...year, search: 'сканер' })}`);
    expect((page.json() as { requests: Array<{ id: number }> }).requests.map((x) => x.id)).toEqual([r.own]);
    expect(names(await search(court, 'принтер'))).toEqual(['own']);
  });

  it('combines with every other filter', async () => {
    expect(names(await search(admin, 'принтер', { units_ids: [w.courtUnits[0]!] }))).toEqual(['own']);
    expect(names(await search(admin, 'сканер', { request_kinds_ids: [2] }))).toEqual(['other']);
    expect(names(await search(admin, 'сканер', { number: 987654 }))).toEqual(['own']);
    expect(names(await search(admin, 'принтер', { date_beg: `${YEAR}-03-03`, date_end: `${YEAR}-03-03` }))).toEqual(['phrase']);
  });

  it('refuses a search too long, with a Russian message, and takes odd characters as text', async () => {
    const res = await admin.get(`/api/request/${enc({ ...year, search: 'а'.repeat(201) })}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('Не более 200 символов');
    for (const odd of ['%', '_', '\\', '"', '!!', '(принтер', 'принтер & | !', "'"]) {
      const ok = await admin.get(`/api/request/${enc({ ...year, search: odd })}`);
      expect(ok.statusCode, odd).toBe(200);
    }
  });

  it('exports the searched list, the filter line naming the search', async () => {
    const res = await admin.get(`/api/request_export/docx/${enc({ ...year, search: 'принтер' })}`);
    expect(res.statusCode).toBe(200);
    const xml = unzip(res.rawPayload).get('word/document.xml')!.toString('utf8');
    expect(xml).toContain(`Отбор: Зарегистрированы: 01.01.${YEAR} – 31.12.${YEAR}; Поиск: принтер. Всего заявок: `);
    expect(xml).toContain('Синий принтер гудит');
    expect(xml).not.toContain('Сломался сканер');
    const courtFile = await court.get(`/api/request_export/docx/${enc({ ...year, search: 'сканер' })}`);
    expect(unzip(courtFile.rawPayload).get('word/document.xml')!.toString('utf8')).not.toContain('Сломался сканер');
  });

  it('the search table follows a later edit and a new chat message', async () => {
    const s = await seedRequest(ctx, { unit_id: w.moscowUnit, region_id: w.moscowRegion, request_text: 'Нет звука', request_date_add: at('03-06') }, {
      then: [
        { type: 'RequestFieldsChanged', data: { changes: [{ field: 'request_text', old: 'Нет звука', new: 'Нет изображения на проекторе' }] } } as unknown as RequestEvent,
        comment(1, 'Проверили кабель'),
      ],
    });
    await settle(ctx, s.position);
    expect(await search(admin, 'проектора')).toEqual([s.id]);
    expect(await search(admin, 'кабеля')).toEqual([s.id]);
    expect(await search(admin, 'звука')).toEqual([]);
  });
});
