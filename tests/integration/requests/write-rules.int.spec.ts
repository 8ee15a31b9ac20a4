import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, eventCount, type Facts } from './helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let chief: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  chief = await t.signIn('chief');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t.close();
});

const registerTask = (client: ApiClient, over: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, files: Parameters<ApiClient['multipart']>[3] = []) =>
  client.multipart(
    'POST',
    '/api/request',
    {
      request: {
        region_id: facts.regionId,
        unit_id: facts.courtUnit,
        request_kind_id: 8,
        contact_kind: 2,
        contact_unknown_name: 'Секретарь судебного заседания',
        contact_unknown_email: 'secretary@courts.example.ru',
        request_text: 'Подключить новый сканер к рабочему месту',
        ...over,
      },
      ...extra,
    },
    files,
  );

const file = (name: string, size = 10) => ({ field: 'files', name, content: Buffer.alloc(size, 1) });

describe('registration input is validated on the server', () => {
  it('refuses invalid requests with the spec messages, appends nothing and consumes no number', async () => {
    const first = (await registerTask(court)).json().savedRequest;
    const before = await eventCount(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ unit_id: null }, 'Нужно выбрать'],
      [{ request_kind_id: null }, 'Укажите тип заявки'],
      [{ request_text: 'abc' }, 'Введите описание'],
      [{ contact_kind: 1, contact_id: null }, 'Укажите контактное лицо'],
      [{ contact_unknown_email: 'not an email' }, 'Укажите корректный email'],
      [{ request_kind_id: 4, program_id: null }, 'Укажите программное обеспечение'],
      [{ date_out_d: '2999-01-01' }, 'Укажите дату не позднее сегодняшней'],
    ];
    for (const [over, message] of cases) {
      const res = await registerTask(court, over);
      expect({ over, status: res.statusCode, message: res.json().message }).toEqual({ over, status: 400, message });
    }
    expect(await eventCount(t)).toBe(before);
    const next = (await registerTask(court)).json().savedRequest;
    expect(next.number).toBe(first.number + 1);
  });

  it('checks the files of the common tab: count, type and size', async () => {
    const before = await eventCount(t);
    const six = await registerTask(court, {}, {}, ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf', '6.pdf'].map((n) => file(n)));
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('Не более 5 файлов');
    const exe = await registerTask(court, {}, {}, [file('virus.exe')]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('Неподдерживаемый тип файла');
    const big = await registerTask(court, {}, {}, [file('scan.pdf', 52_428_801)]);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Размер файла не может быть более 50 мегабайт');
    expect(await eventCount(t)).toBe(before);
    const ok = await registerTask(court, {}, {}, [file('Фото неисправности.jpg', 2048)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().savedRequest.attachments).toEqual([expect.objectContaining({ file_name: 'Фото неисправности.jpg', size: 2048 })]);
  });
});

describe('concurrency', () => {
  it('two saves on the same revision: one wins, the other gets 409', async () => {
    const created = (await registerTask(court)).json().savedRequest;
    const [a, b] = await Promise.all([
      engineer.multipart('PUT', '/api/request', { request: { id: created.id, request_text: 'Подключить сканер: уточнено первым' }, revision: created.revision }),
      engineer.multipart('PUT', '/api/request', { request: { id: created.id, request_text: 'Подключить сканер: уточнено вторым' }, revision: created.revision }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe('Заявка была изменена другим пользователем. Обновите заявку.');
  });
});

describe('number and date', () => {
  it('changing the number needs the right and refuses duplicates within the year', async () => {
    const one = (await registerTask(court)).json().savedRequest;
    const two = (await registerTask(court)).json().savedRequest;
    expect((await engineer.post('/api/request_set_new_number', { requestId: one.id, newNumber: 900001 })).statusCode).toBe(403);
    const dup = await chief.post('/api/request_set_new_number', { requestId: one.id, newNumber: two.number });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/уже/);
    const letters = await chief.post('/api/request_set_new_number', { requestId: one.id, newNumber: '12a' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toBe('Введите целое число');
    const ok = await chief.post('/api/request_set_new_number', { requestId: one.id, newNumber: 900001 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().savedRequest.number).toBe(900001);
    // The old number is free again; the new one is taken.
    expect((await chief.post('/api/request_set_new_number', { requestId: two.id, newNumber: one.number })).statusCode).toBe(200);
    expect((await chief.post('/api/request_set_new_number', { requestId: two.id, newNumber: 900001 })).statusCode).toBe(409);
  });

  it('numbers stay unique under concurrent registrations, and the counter skips a number taken by hand', async () => {
    const first = (await registerTask(court)).json().savedRequest;
    // Take, by hand, the number the counter would give two registrations later.
    const taken = first.number + 2;
    const other = (await registerTask(court)).json().savedRequest;
    expect((await chief.post('/api/request_set_new_number', { requestId: other.id, newNumber: taken })).statusCode).toBe(200);
    const many = await Promise.all(Array.from({ length: 12 }, () => registerTask(court)));
    const numbers = many.map((r) => r.json().savedRequest.number as number);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers).not.toContain(taken);
  });

  it('changing the date refuses the future and keeps the number unique in the new year', async () => {
    const one = (await registerTask(court)).json().savedRequest;
    const future = await chief.post('/api/request_set_new_date', { requestId: one.id, newDate: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Укажите дату не позднее сегодняшней');
    const ok = await chief.post('/api/request_set_new_date', { requestId: one.id, newDate: '2025-12-30' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().savedRequest.request_date_add).toMatch(/^2025-12-30/);
  });
});

describe('comments, group creation and deletion', () => {
  it('a comment with a file notifies the chosen users', async () => {
    const req = (await registerTask(court)).json().savedRequest;
    const short = await court.multipart('POST', '/api/request_comments', { requestComment: { request_id: req.id, comment: 'Ок' } });
    expect(short.statusCode).toBe(400);
    const res = await court.multipart(
      'POST',
      '/api/request_comments',
      { requestComment: { request_id: req.id, comment: 'Когда приедет инженер?' }, usersIds: [facts.engineer, facts.engineer2] },
      [{ field: 'files', name: 'фото.jpg', content: Buffer.from('jpeg') }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.server.ctx.store.readStream(`request-${req.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'RequestCommentAdded',
      data: { comment: 'Когда приедет инженер?', notify_user_ids: [facts.engineer, facts.engineer2], request_number: req.number },
    });
  });

  it('group creation makes one request per unit with the author as unknown contact', async () => {
    const orgUnits = (await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_units WHERE region_id = ${facts.regionId} ORDER BY id LIMIT 2`)) as number[];
    const denied = await court.multipart('POST', '/api/request_multiple', { unitsIds: orgUnits, requestText: 'Обновить антивирусные базы' });
    expect(denied.statusCode).toBe(403);
    const empty = await chief.multipart('POST', '/api/request_multiple', { unitsIds: [], requestText: 'Обновить антивирусные базы' });
    expect(empty.json().message).toBe('Укажите объекты');
    const res = await chief.multipart('POST', '/api/request_multiple', { unitsIds: orgUnits, requestText: 'Обновить антивирусные базы на всех рабочих местах' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ids).toHaveLength(2);
    const events = await t.server.ctx.store.readStream(`request-${res.json().ids[0]}`);
    expect(events[0]!.data).toMatchObject({ request: { contact_kind: 2, contact_unknown_name: 'Орлова Елена Игоревна', contact_unknown_email: 'chief@courts.example.ru' } });
  });

  it('deleting needs RIGHT_REQUEST_DELETE; a deleted request is gone', async () => {
    const req = (await registerTask(court)).json().savedRequest;
    expect((await engineer.delete(`/api/request/${req.id}`)).statusCode).toBe(403);
    const res = await chief.delete(`/api/request/${req.id}`);
    expect(res.json()).toEqual({ message: 'Заявка удалена' });
    expect((await chief.post(`/api/request/${req.id}/take`, {})).statusCode).toBe(404);
  });
});
