import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, registerRepair, type Facts } from './helpers';

/** The request desk defects a court IT user hits first (issue 19), through the HTTP routes. */
let t: TestApp;
let court: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
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
