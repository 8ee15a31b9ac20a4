import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiClient, TestApp } from '../../support/app';
import { docxOf, eventCount, registerRepair, today, type Facts, startDeskApp } from './helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;

beforeAll(async () => ({ t, court, engineer, facts } = await startDeskApp()));
afterAll(() => t.close());

/** The hand-uploaded СО-8 act: a real Word document (the server checks an act's content). */
const actDocx = docxOf('Акт СО-8 № СР-17/2026');

/** The engineer's full repair of the demo printer, as the dialog sends it with the СО-8 act, its number and date. */
const saveRepair = (id: number, revision: number) => {
  const warranty = facts.printerUnderWarranty ? 1 : 2;
  return engineer.multipart(
    'PUT',
    '/api/request',
    {
      request: {
        id,
        repair_kind_id: warranty,
        view_res_before: 1,
        comment_before: 'Неисправен блок питания',
        repair_type_id: warranty === 1 ? 1 : 6,
        repair_result_id: 1,
        date_repair_d: today(),
        tool_in_d: today(),
        view_res_after: 1,
        comment_after: 'Заменен блок питания, принтер работает',
        hotlinegas_number: '2026-000123',
        note: 'Выполнен ремонт',
      },
      revision,
      works: [{ title: 'Замена блока питания', cost: 1500 }],
      newDocsList: [{ file_name: 'Акт СО-8.docx', act_kind: 'CO_8', sign_type: 'paper', signers_count: 2, act_number: 'СР-17/2026', act_date: today() }],
    },
    [{ field: 'files', name: 'Акт СО-8.docx', content: actDocx, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }],
  );
};

/**
 * The one repair of the demo printer this file makes, registration to closing, each answer kept for
 * the cases below to check (each case reads it, none depends on another having run). One journey:
 * the printer is back in work after the first full repair only.
 */
interface Journey {
  id: number;
  registered: LightMyRequestResponse;
  /** The engineer's view right after registration. */
  seen: LightMyRequestResponse;
  taken: LightMyRequestResponse;
  performed: LightMyRequestResponse;
  completed: LightMyRequestResponse;
}
let journey: Journey;

/** Registers a repair request and takes it for perform: a request of its own in PERFORMING. */
const performing = async () => {
  const saved = (await registerRepair(court, facts)).json().savedRequest;
  const taken = (await engineer.post(`/api/request/${saved.id}/take`, { revision: saved.revision })).json().savedRequest;
  expect(taken.request_status_id).toBe(3);
  return { id: taken.id as number, revision: taken.revision as number };
};

describe('a repair request from registration to closing, through the HTTP API', () => {
  beforeAll(async () => {
    const registered = await registerRepair(court, facts);
    const { id, revision } = registered.json().savedRequest as { id: number; revision: number };
    const seen = await engineer.get(`/api/request_single/${id}`);
    const taken = await engineer.post(`/api/request/${id}/take`, { revision });
    const performed = await saveRepair(id, taken.json().savedRequest?.revision);
    const completed = await engineer.post(`/api/request/${id}/complete`, { revision: performed.json().savedRequest?.revision });
    journey = { id, registered, seen, taken, performed, completed };
  });

  it('court registers a repair request: number of the year, waiting for an engineer', async () => {
    const res = journey.registered;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Заявка создана');
    expect(body.savedRequest).toMatchObject({ request_status_id: 2, request_performer_kind: 'FILIAL', number: expect.any(Number) });
    // A court user may create but not edit: no buttons for them once the request has a number.
    expect(body.savedRequest.actions).toEqual([]);
    const seen = journey.seen.json().request;
    expect(seen.actions).toEqual(expect.arrayContaining(['take', 'recall', 'assign']));
  });

  it('court finds it in the list with a filter', async () => {
    // A request of its own still waiting for an engineer (the journey's is closed by now).
    const id = (await registerRepair(court, facts)).json().savedRequest.id as number;
    const filter = { units_ids: [facts.courtUnit], request_kinds_ids: [2], request_statuses_ids: [2], pageNumber: 1 };
    const res = await court.get(`/api/request/${encodeURIComponent(JSON.stringify(filter))}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.requests.map((r: { id: number }) => r.id)).toContain(id);
    expect(body).toMatchObject({ pagesCount: expect.any(Number), itemsCount: expect.any(Number) });
    const none = await court.get(`/api/request/${encodeURIComponent(JSON.stringify({ ...filter, request_kinds_ids: [4] }))}`);
    expect(none.json().requests.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('numbers are unique and run per year', async () => {
    const second = (await registerRepair(court, facts)).json().savedRequest;
    expect(second.number).toBeGreaterThan(0);
    const first = (await engineer.get(`/api/request_single/${journey.id}`)).json().request;
    expect(second.number).not.toBe(first.number);
  });

  it('an illegal transition is a 409 with a Russian reason and changes nothing', async () => {
    // A request of its own waiting for an engineer: it cannot be completed.
    const id = (await registerRepair(court, facts)).json().savedRequest.id as number;
    const before = await eventCount(t);
    const res = await engineer.post(`/api/request/${id}/complete`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/[А-Яа-я]/);
    expect(await eventCount(t)).toBe(before);
  });

  it('engineer takes it for perform', async () => {
    const res = journey.taken;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savedRequest).toMatchObject({ request_status_id: 3, engineers: [{ id: facts.engineer, fio: 'Петров Иван Сергеевич' }] });
  });

  it('a save on a stale revision is refused with 409 and writes nothing', async () => {
    const { id, revision } = await performing();
    const before = await eventCount(t);
    const res = await engineer.multipart('PUT', '/api/request', { request: { id, note: 'Проверено' }, revision: revision - 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Заявка была изменена другим пользователем. Обновите заявку.');
    expect(await eventCount(t)).toBe(before);
  });

  it('engineer fills the repair section, attaches the СО-8 act and saves: PERFORMED with the repair date', async () => {
    const { id } = journey;
    const res = journey.performed;
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().savedRequest;
    expect(saved).toMatchObject({ request_status_id: 4, result_d: expect.stringContaining(today()), hotlinegas_number: '2026-000123', co_8_number: 'СР-17/2026', co_8_d: today() });
    expect(saved.docs).toEqual([expect.objectContaining({ file_name: 'Акт СО-8.docx', act_kind: 'CO_8' })]);
    expect(saved.actions).toContain('complete');
    const file = await engineer.get(`/api/request_file/${id}/${saved.docs[0].file_id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(actDocx)).toBe(true);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%D0%90%D0%BA%D1%82");
  });

  it('after a full repair the broken printer is back in work (a reaction on the tool stream)', async () => {
    const { id } = journey;
    const deadline = Date.now() + 10_000;
    let events = await t.server.ctx.store.readStream(`tool-${facts.printerId}`);
    while (events.at(-1)?.type !== 'ToolStateChanged' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      events = await t.server.ctx.store.readStream(`tool-${facts.printerId}`);
    }
    expect(events.at(-1)).toMatchObject({ type: 'ToolStateChanged', data: { state: 1, previous: 2, reason: { request_id: id } } });
  });

  it('engineer completes it: CLOSED', async () => {
    const res = journey.completed;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savedRequest.request_status_id).toBe(7);
  });

  it('the history shows every change with Russian field names and values', async () => {
    const { id } = journey;
    // Another user than the one who wrote last: they see it once the projections have applied it.
    await t.settled();
    const res = await court.get(`/api/request_history/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().request_history as Array<{ request_attr: string; request_attr_title: string; value_old: string; value_new: string; user: string | null }>;
    const byAttr = (attr: string) => rows.filter((r) => r.request_attr === attr);
    expect(byAttr('request_status_id').map((r) => r.value_new)).toEqual(expect.arrayContaining(['Исполняется', 'Выполнена', 'Закрыта']));
    expect(byAttr('hotlinegas_number')[0]).toMatchObject({ value_old: '', value_new: '2026-000123', request_attr_title: expect.stringMatching(/ГЛ/) });
    expect(byAttr('repair_result_id')[0]?.value_new).toBe('Полностью');
    expect(byAttr('comment_after')[0]?.value_new).toBe('Заменен блок питания, принтер работает');
    expect(rows.some((r) => r.value_new.includes('Акт СО-8.docx'))).toBe(true);
    expect(rows.every((r) => r.request_attr_title && !/^[a-z_]+$/.test(r.request_attr_title))).toBe(true);
    expect(rows.find((r) => r.request_attr === 'request_status_id' && r.value_new === 'Исполняется')?.user).toBe('Петров Иван Сергеевич');
  });

  it('court cannot read or change a request of another unit (404)', async () => {
    const other = await engineer.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: facts.otherUnit, request_kind_id: 8, contact_kind: 2, contact_unknown_name: 'Секретарь', contact_unknown_email: 'sec@courts.example.ru', request_text: 'Настроить доступ к сетевой папке' },
    });
    expect(other.statusCode, other.body).toBe(200);
    const otherId = other.json().savedRequest.id;
    expect((await court.post(`/api/request/${otherId}/recall`, {})).statusCode).toBe(404);
    expect((await court.get(`/api/request_single/${otherId}`)).statusCode).toBe(404);
    expect((await court.get(`/api/request_history/${otherId}`)).statusCode).toBe(404);
    expect((await court.multipart('PUT', '/api/request', { request: { id: otherId, request_text: 'Чужая заявка изменена' } })).statusCode).toBe(404);
    const created = await court.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: facts.otherUnit, request_kind_id: 8, contact_kind: 2, contact_unknown_name: 'Я', contact_unknown_email: 'me@courts.example.ru', request_text: 'Заявка на чужой объект' },
    });
    expect(created.statusCode).toBe(403);
  });
});
