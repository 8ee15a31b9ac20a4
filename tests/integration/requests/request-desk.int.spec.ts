import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, registerRepair, type Facts } from './helpers';

/** The request desk defects a court IT user hits first (decisions 33–40), through the HTTP routes. */
let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let hotline: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  hotline = await t.signIn('hotline');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t.close();
});

interface HistoryLine {
  request_attr: string;
  request_attr_title: string;
  value_old: string;
  value_new: string;
}

describe('the history of a new request', () => {
  it('lists every field the request was registered with, by its Russian title', async () => {
    const res = await registerRepair(court, facts);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().savedRequest as { id: number; number: number };
    const rows = (await court.get(`/api/request_history/${saved.id}`)).json().request_history as HistoryLine[];
    const registered = (attr: string) => rows.find((r) => r.request_attr === attr);
    // The status stays the first line, as it always was.
    expect(rows[0]).toMatchObject({ request_attr: 'request_status_id', request_attr_title: 'Состояние', value_old: '' });
    expect(registered('number')).toMatchObject({ request_attr_title: 'Номер', value_old: '', value_new: String(saved.number) });
    expect(registered('request_date_add')).toMatchObject({ request_attr_title: 'Дата регистрации', value_old: '', value_new: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/) });
    expect(registered('unit_id')).toMatchObject({ request_attr_title: 'Объект', value_old: '', value_new: expect.stringMatching(/\S/) });
    expect(registered('unit_id')?.value_new).not.toBe(String(facts.courtUnit));
    expect(registered('request_kind_id')).toMatchObject({ request_attr_title: 'Тип заявки', value_old: '', value_new: 'Ремонт оборудования' });
    expect(registered('contact_id')).toMatchObject({ request_attr_title: 'Контактное лицо', value_old: '' });
    expect(registered('contact_id')?.value_new).not.toBe(String(facts.courtUserId));
    expect(registered('request_text')).toMatchObject({
      request_attr_title: 'Описание',
      value_old: '',
      value_new: 'Не включается принтер в кабинете 12, индикатор питания не горит',
    });
    expect(registered('tool_id')).toMatchObject({ request_attr_title: 'Оборудование', value_old: '', value_new: expect.stringMatching(/\S/) });
    // Fields left blank are not listed.
    expect(registered('note')).toBeUndefined();
    expect(registered('engineers')).toBeUndefined();
  });
});

describe("taking back a request the hot line performed ('Выполнена ГЛ')", () => {
  /** A special software request the branch passed to the hot line and the hot line performed. */
  const performedByHotline = async () => {
    const program = Number(
      await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND (data->>'type')::int = 1 ORDER BY id LIMIT 1`),
    );
    const created = await court.multipart('POST', '/api/request', {
      request: {
        region_id: facts.regionId,
        unit_id: facts.courtUnit,
        request_kind_id: 4,
        program_id: program,
        contact_kind: 1,
        contact_id: facts.courtUserId,
        request_text: 'Ошибка при формировании судебного акта в ПИ ГАС',
      },
    });
    const id = created.json().savedRequest?.id as number;
    expect((await engineer.post(`/api/request/${id}/take`, {})).statusCode).toBe(200);
    await engineer.multipart('PUT', '/api/request', { request: { id, result: 'passed to hot line', result_type: 1, note: 'Передано на ГЛ' } });
    expect((await hotline.post(`/api/request/${id}/hotline-take`, {})).statusCode).toBe(200);
    const done = await hotline.multipart('PUT', '/api/request', {
      request: { id, hotline_result_id: 1, hotline_result_type: 1, hotline_work_description: 'Выпущено исправление 3.4.1' },
    });
    expect(done.json().savedRequest).toMatchObject({ request_status_id: 11, request_performer_kind: 'SENIOR' });
    return id;
  };

  /** Executors as ids, whether a route lists them as ids or as { id, fio }. */
  const idsOf = (list: unknown[]): number[] => list.map((e) => (typeof e === 'number' ? e : (e as { id: number }).id));

  it('the branch engineer of the demo (request-engineer right, not assigned) takes it back to the branch', async () => {
    const id = await performedByHotline();
    // Not among the executors: the hot line worker who took it is the only one.
    const before = idsOf((await engineer.get(`/api/request_single/${id}`)).json().request.engineers);
    expect(before).toHaveLength(1);
    expect(before).not.toContain(facts.engineer);
    const taken = await engineer.post(`/api/request/${id}/take`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().savedRequest).toMatchObject({ request_status_id: 3, request_performer_kind: 'FILIAL' });
    expect(idsOf(taken.json().savedRequest.engineers)).toContain(facts.engineer);
  });
});

describe('executors on registration', () => {
  /** Executors as ids, whether a route lists them as ids or as { id, fio }. */
  const idsOf = (list: unknown[]): number[] => list.map((e) => (typeof e === 'number' ? e : (e as { id: number }).id));

  it('a court user (no approval right) who picks executors registers the request with none', async () => {
    const withPick = await court.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 8, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Настроить доступ к сетевой папке' },
      engineers: [facts.engineer],
    });
    expect(withPick.statusCode, withPick.body).toBe(200);
    expect(idsOf(withPick.json().savedRequest.engineers)).toEqual([]);
    await t.settled();
    const stored = idsOf((await engineer.get(`/api/request_single/${withPick.json().savedRequest.id}`)).json().request.engineers);
    expect(stored).toEqual([]);
  });

  it('a holder of the approval right (the branch engineer: request-edit) assigns the executors it picks', async () => {
    const res = await engineer.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 8, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Настроить доступ к сетевой папке' },
      engineers: [facts.engineer2],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res.json().savedRequest.engineers)).toEqual([facts.engineer2]);
  });
});
