import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { startSmtpSink } from '../../support/smtp-sink';
import { startHotlineDouble, type HotlineDouble } from '../../support/hotline-double';
import { demoFacts, registerRepair, type Facts } from '../requests/helpers';
import { hotlineDepsOf } from '../../../api/routes/hotline';
import { HOTLINE_ATTEMPTS, runRegistrationJob } from '../../../commands/hotline/hotline';
import { hotlineMessages } from '../../../domain/hotline/answer';

const HOTLINE_EMAIL = 'gl@hotline.example.ru';
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let double: HotlineDouble;
let admin: ApiClient;
let engineer: ApiClient;
let court: ApiClient;
let hotline: ApiClient;
let facts: Facts;
/** A unit of another organisation (no hot line credentials) in the court's region. */
let plainUnit: number;
let courtOrgId: number;

const waitFor = async (what: () => Promise<boolean> | boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const mailsAbout = (number: number, subjectPart = '') => sink.received.filter((m) => m.subject.includes(`№${number}`) && m.subject.includes(subjectPart));
const requestState = async (id: number) => (await admin.get(`/api/request_single/${id}`)).json().request as Record<string, unknown>;
const newCourtRequest = async () => {
  const r = await registerRepair(court, facts);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().savedRequest as { id: number; number: number };
};

beforeAll(async () => {
  sink = await startSmtpSink();
  double = await startHotlineDouble();
  t = await startTestApp({ smtpUrl: sink.url, redis: true, env: { HOTLINE_URL: double.url, HOTLINE_EMAIL, HOTLINE_TIMEOUT_MS: '700', HOTLINE_SECRET_KEY: 'test-key' } });
  admin = await t.signIn('admin');
  engineer = await t.signIn('engineer');
  court = await t.signIn('court');
  hotline = await t.signIn('hotline');
  facts = await demoFacts(t);
  const pool = t.server.ctx.pool;
  const courtOrg = Number(await pool.oneFirst(sql.unsafe`SELECT organization_id FROM rm_units WHERE id = ${facts.courtUnit}`));
  plainUnit = Number(await pool.oneFirst(sql.unsafe`
    SELECT id FROM rm_units WHERE region_id = ${facts.regionId} AND organization_id <> ${courtOrg} AND NOT deleted ORDER BY id LIMIT 1`));
  // The court's organisation gets hot line credentials through the administrator's screen.
  const org = (await admin.get(`/api/organization/${courtOrg}`)).json().organization as Record<string, unknown>;
  courtOrgId = courtOrg;
  const saved = await admin.put(`/api/organization/${courtOrg}`, { organization: { ...org, hot_line_email: 'basmanny@gl.example.ru', hot_line_password: 'секрет-ГЛ' }, units: org.units });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.settled();
});
afterAll(async () => {
  await t?.close();
  await double?.close();
  await sink?.close();
});

describe('direct registration on the hot line (the organisation has credentials)', () => {
  it("'Добавить на ГЛ' calls the hot line with the contract's fields and the number lands on the request and in its history", async () => {
    const { id } = await newCourtRequest();
    double.state.mode = 'ok';
    const res = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hot_line_number).toMatch(/^ГЛ-\d{5}$/);
    expect(body.savedRequest.hotlinegas_number).toBe(body.hot_line_number);
    expect(body.message).toContain(body.hot_line_number);
    const call = double.state.calls.at(-1)!;
    expect(call.body).toMatchObject({ hot_line_email: 'basmanny@gl.example.ru', hot_line_password: 'секрет-ГЛ', request_id: id, request_kind: '2' });
    expect(String(call.body.request_text)).toContain('принтер');
    expect(call.key).toBe(`hotline-register:request-${id}:0`);
    await t.settled();
    const history = (await engineer.get(`/api/request_history/${id}`)).json();
    expect(JSON.stringify(history)).toContain(body.hot_line_number);
    // The button is then refused: the request has a number.
    const again = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(hotlineMessages.cannotRegister);
    expect(double.state.calls.filter((c) => c.key.startsWith(`hotline-register:request-${id}:`))).toHaveLength(1);
  });

  it('a non-200 status shows the returned message and saves nothing; the next press registers under a new key', async () => {
    const { id } = await newCourtRequest();
    double.state.next = ['refused'];
    const res = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Неверный логин или пароль ГЛ');
    expect((await requestState(id)).hotlinegas_number ?? null).toBeNull();
    const ok = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(double.state.calls.at(-1)!.key).toBe(`hotline-register:request-${id}:1`);
  });

  it("a malformed answer shows 'Ошибка регистрации'; a 500 and a timeout show 'Ошибка' and the job retries with the same key", async () => {
    const malformed = await newCourtRequest();
    double.state.next = ['malformed'];
    const m = await engineer.post('/api/request_hot_line_register', { request_id: malformed.id });
    expect(m.statusCode, m.body).toBe(409);
    expect(m.json().message).toBe('Ошибка регистрации');

    for (const mode of ['500', 'timeout'] as const) {
      const { id } = await newCourtRequest();
      double.state.next = [mode];
      const res = await engineer.post('/api/request_hot_line_register', { request_id: id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('Ошибка');
      // The job tries again (backoff) with the same key, and the number arrives on the request.
      await waitFor(async () => Boolean((await requestState(id)).hotlinegas_number));
      const keys = new Set(double.state.calls.filter((c) => c.body.request_id === id).map((c) => c.key));
      expect([...keys]).toEqual([`hotline-register:request-${id}:0`]);
    }
    // The malformed one was retried too (we cannot tell whether it registered): same key.
    await waitFor(async () => Boolean((await requestState(malformed.id)).hotlinegas_number));
  });

  it('a slow answer within the timeout registers', async () => {
    const { id } = await newCourtRequest();
    double.state.slowMs = 300;
    double.state.next = ['slow'];
    const res = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savedRequest.hotlinegas_number).toMatch(/^ГЛ-/);
  });

  it('a crash between the call and the save: the repeated job asks with the same key and the request is registered once', async () => {
    const { id } = await newCourtRequest();
    const deps = hotlineDepsOf(t.server.ctx);
    const key = `hotline-register:request-${id}:0`;
    await deps.outbox.start({ key, kind: 'hotline-register', request_id: id, payload: { request_id: id } });
    double.state.mode = 'ok';
    // The process "dies" right after the hot line answered: the number is not saved.
    const crashing = { ...deps, client: { register: async (b: Parameters<NonNullable<typeof deps.client>['register']>[0]) => { await deps.client!.register(b); throw new Error('crash'); } } };
    await expect(runRegistrationJob(crashing, { key, request_id: id }, 1, HOTLINE_ATTEMPTS)).rejects.toThrow('crash');
    expect((await requestState(id)).hotlinegas_number ?? null).toBeNull();
    expect((await deps.outbox.get(key))?.status).toBe('pending');
    // The job runs again (stalled-job recovery or the operator's retry).
    const number = await runRegistrationJob(deps, { key, request_id: id }, 2, HOTLINE_ATTEMPTS);
    expect(double.state.calls.filter((c) => c.key === key)).toHaveLength(2);
    expect(double.state.registered.get(key)).toBe(number);
    expect((await requestState(id)).hotlinegas_number).toBe(number);
    // A third run (the job replayed once more) changes nothing.
    await runRegistrationJob(deps, { key, request_id: id }, 3, HOTLINE_ATTEMPTS);
    const changes = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`
      SELECT count(*) FROM es_events WHERE stream_id = ${`request-${id}`} AND type = 'RequestFieldsChanged' AND data::text LIKE '%hotlinegas_number%'`));
    expect(changes).toBe(1);
    expect((await deps.outbox.get(key))?.status).toBe('sent');
  });

  it('rights and scope: the court user may not register (403); an unknown request is 404', async () => {
    const { id } = await newCourtRequest();
    expect((await court.post('/api/request_hot_line_register', { request_id: id })).statusCode).toBe(403);
    expect((await engineer.post('/api/request_hot_line_register', { request_id: 99999999 })).statusCode).toBe(404);
    expect((await engineer.post('/api/request_hot_line_register', { request_id: 'x' })).statusCode).toBe(400);
  });
});

describe('hot line passwords at rest (HOTLINE_SECRET_KEY)', () => {
  it('are sealed in the log and the read model, shown only with RIGHT_HOTLINE_PASS, and a re-save of the same one changes nothing', async () => {
    const pool = t.server.ctx.pool;
    const inLog = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE data::text LIKE '%секрет-ГЛ%'`));
    expect(inLog).toBe(0);
    const stored = String(await pool.oneFirst(sql.unsafe`SELECT hot_line_password FROM rm_organizations WHERE id = ${courtOrgId}`));
    expect(stored).toMatch(/^enc:v1:/);
    const org = (await admin.get(`/api/organization/${courtOrgId}`)).json().organization as Record<string, unknown>;
    expect(org.hot_line_password).toBe('секрет-ГЛ');
    expect((await engineer.get(`/api/organization/${courtOrgId}`)).json().organization?.hot_line_password ?? null).toBeNull();
    const before = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE stream_id = ${`organization-${courtOrgId}`}`));
    const again = await admin.put(`/api/organization/${courtOrgId}`, { organization: org, units: org.units });
    expect(again.statusCode, again.body).toBe(200);
    const after = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE stream_id = ${`organization-${courtOrgId}`}`));
    expect(after).toBe(before);
  });
});

describe('e-mail registration, the close notice and the message to the declarant', () => {
  it('without credentials the registration mail goes once to the hot line address and the flag is set', async () => {
    const created = await admin.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: plainUnit, request_kind_id: 8, contact_kind: 2, contact_unknown_name: 'Иванов И. И.', contact_unknown_email: 'ivanov@example.ru', request_text: 'Нужна настройка доступа к ПИ ГАС' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, number } = created.json().savedRequest as { id: number; number: number };
    const res = await engineer.post('/api/request_hot_line_email_register', { request_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Сообщение о регистрации заявки отправлено на ГЛ, номер заявки на ГЛ будет отправлен в ответном Email');
    expect(res.json().savedRequest.hotline_email_register_sent).toBe(true);
    await waitFor(() => mailsAbout(number, 'Регистрация').length > 0);
    const mail = mailsAbout(number, 'Регистрация')[0]!;
    expect(mail.to).toEqual([HOTLINE_EMAIL]);
    expect(mail.subject).toMatch(new RegExp(`Регистрация заявки №${number} от \\d\\d\\.\\d\\d\\.\\d{4}`));
    const again = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(again.statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsAbout(number, 'Регистрация')).toHaveLength(1);
    // The outbox shows it to the administrator.
    const list = (await admin.get(`/api/outbox?request_id=${id}`)).json().items as Array<Record<string, unknown>>;
    expect(list.filter((i) => i.kind !== 'engineer-mail')).toEqual([expect.objectContaining({ kind: 'hotline-mail-register', status: 'sent' })]);
    expect((await engineer.get('/api/outbox')).statusCode).toBe(403);

    // The message to the declarant goes to the unregistered applicant's address.
    const empty = await hotline.post('/api/hot_line_email_to_declarant', { request: { id }, messageToDeclarant: '  ' });
    expect(empty.statusCode).toBe(400);
    const sent = await hotline.post('/api/hot_line_email_to_declarant', { request: { id }, messageToDeclarant: 'Доступ настроен, проверьте вход.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Сообщение заявителю отправлено');
    await waitFor(() => mailsAbout(number, 'Сообщение').length > 0);
    const toDeclarant = mailsAbout(number, 'Сообщение')[0]!;
    expect(toDeclarant.to).toEqual(['ivanov@example.ru']);
    const items = (await admin.get(`/api/outbox?request_id=${id}`)).json().items as Array<{ kind: string; payload: { mail: { text: string } } }>;
    expect(items.find((i) => i.kind === 'declarant-mail')?.payload.mail.text).toContain('Доступ настроен, проверьте вход.');
  });

  it('the closed-mail rule: a closed request with a hot line number and no account gets one close notice', async () => {
    const created = await admin.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: plainUnit, request_kind_id: 11, contact_kind: 2, contact_unknown_name: 'Петров П. П.', contact_unknown_email: 'petrov@example.ru', request_text: 'Консультация по работе в ПИ ГАС' },
    });
    const { id, number } = created.json().savedRequest as { id: number; number: number };
    const early = await engineer.post('/api/request_hot_line_email_close', { request_id: id });
    expect(early.statusCode).toBe(409);
    // Closing: taken, a consultation result (no act needed), performed, then 'Заявка выполнена' with the number.
    expect((await engineer.post(`/api/request/${id}/take`, {})).statusCode).toBe(200);
    const done = await engineer.multipart('PUT', '/api/request', { request: { id, result: 'fulfilled', result_type: 1, note: 'Даны разъяснения по работе', hotlinegas_number: 'ГЛ-77777' } });
    expect(done.statusCode, done.body).toBe(200);
    const closed = await admin.post(`/api/request/${id}/complete`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().savedRequest.request_status_id).toBe(7);
    await waitFor(() => mailsAbout(number, 'закрыта').length > 0);
    expect(mailsAbout(number, 'закрыта')[0]!.to).toEqual([HOTLINE_EMAIL]);
    await waitFor(async () => (await requestState(id)).hotline_email_close_sent === true);
    const pressed = await engineer.post('/api/request_hot_line_email_close', { request_id: id, hotlinegas_number: 'ГЛ-77777' });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(pressed.json().message).toBe('Уведомление о закрытии заявки уже отправлено');
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsAbout(number, 'закрыта')).toHaveLength(1);
  });
});

describe('the engineer mail of a new request (immediate_email_to_engineer) is in the outbox', () => {
  it('is listed with its state once sent', async () => {
    const { id } = await newCourtRequest();
    await waitFor(async () => ((await admin.get(`/api/outbox?request_id=${id}`)).json().items as Array<{ kind: string; status: string }>).some((i) => i.kind === 'engineer-mail' && i.status === 'sent'));
  });
});
