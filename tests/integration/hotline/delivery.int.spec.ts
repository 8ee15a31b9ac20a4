import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { startSmtpSink, type ReceivedMail } from '../../support/smtp-sink';
import { courtWithHotlineAccount } from '../../support/hotline-accounts';
import { startHotlineDouble, type HotlineDouble } from '../../support/hotline-double';
import { demoFacts, registerRepair, type Facts } from '../requests/helpers';
import { deliveryMessages, retryAttempts } from '../../../domain/hotline/delivery';
import { hotlineMessages } from '../../../domain/hotline/answer';

/**
 * Delivery you can see: mail and hot line calls stay queued through an outage longer than the first
 * retries and arrive once when the other side is back; a final failure is visible, retried from the
 * request, and told to the administrators. The retry policy is shortened to seconds by its settings.
 */
const HOTLINE_EMAIL = 'gl@hotline.example.ru';
const RETRY = { DELIVERY_RETRY_HOURS: String(6 / 3600), DELIVERY_RETRY_FIRST_MS: '300', DELIVERY_RETRY_MAX_MS: '1000' };

let t: TestApp;
const received: ReceivedMail[] = [];
let smtpPort: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
let double: HotlineDouble | null = null;
let hotlinePort: number;
let admin: ApiClient;
let engineer: ApiClient;
let court: ApiClient;
let facts: Facts;
let plainUnit: number;

const waitFor = async (what: () => Promise<boolean> | boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsAbout = (number: number, subjectPart: string) => received.filter((m) => m.subject.includes(`№${number}`) && m.subject.includes(subjectPart));
const deliveries = async (client: ApiClient, id: number) => {
  const r = await client.get(`/api/request_delivery/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items as Array<{ key: string; kind: string; state: string; status: string; error: string | null; attempts: number; can_retry: boolean; updated_at: string }>;
};
const stateOf = async (id: number, kind: string) => (await deliveries(admin, id)).find((i) => i.kind === kind);
const requestState = async (id: number) => (await admin.get(`/api/request_single/${id}`)).json().request as Record<string, unknown>;
const newPlainRequest = async () => {
  const created = await admin.multipart('POST', '/api/request', {
    request: { region_id: facts.regionId, unit_id: plainUnit, request_kind_id: 8, contact_kind: 2, contact_unknown_name: 'Иванов И. И.', contact_unknown_email: 'ivanov@example.ru', request_text: 'Нужна настройка доступа к ПИ ГАС' },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().savedRequest as { id: number; number: number };
};
const smtpDown = async () => {
  await sink?.close();
  sink = null;
};
const smtpUp = async () => {
  sink = await startSmtpSink({ port: smtpPort, received });
};

beforeAll(async () => {
  // Fixed ports, so the server can be stopped and started again at the same address.
  const probe = await startSmtpSink({ received });
  smtpPort = probe.port;
  sink = probe;
  double = await startHotlineDouble();
  hotlinePort = double.port;
  t = await startTestApp({ smtpUrl: probe.url, redis: true, env: { HOTLINE_URL: double.url, HOTLINE_EMAIL, HOTLINE_TIMEOUT_MS: '700', ...RETRY } });
  admin = await t.signIn('admin');
  engineer = await t.signIn('engineer');
  court = await t.signIn('court');
  facts = await demoFacts(t);
  ({ plainUnit } = await courtWithHotlineAccount(t, admin, facts));
});
afterAll(async () => {
  await t?.close();
  await double?.close();
  await sink?.close();
});

describe('the retry policy', () => {
  it('tries for the configured horizon (the test policy: several attempts, not five within seconds)', () => {
    expect(retryAttempts({ horizonMs: 6000, firstMs: 300, maxMs: 1000 })).toBe(9);
    expect(t.server.ctx.config.deliveryRetry).toEqual({ horizonMs: 6000, firstMs: 300, maxMs: 1000 });
  });
});

describe('mail through an SMTP outage', () => {
  it('stays "в очереди" while the server is down, then arrives exactly once and shows "отправлено"', async () => {
    const { id, number } = await newPlainRequest();
    await smtpDown();
    const res = await engineer.post('/api/request_hot_line_email_register', { request_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savedRequest.hotline_email_register_sent).toBe(true);
    // Longer than the first retries (300 + 600 + 1000 ms).
    await waitFor(async () => ((await stateOf(id, 'hotline-mail-register'))?.attempts ?? 0) >= 3);
    const queued = await stateOf(id, 'hotline-mail-register');
    expect(queued).toMatchObject({ state: 'queued', can_retry: false });
    expect(queued?.error).toBeTruthy();
    expect(mailsAbout(number, 'Регистрация')).toHaveLength(0);
    await smtpUp();
    await waitFor(() => mailsAbout(number, 'Регистрация').length > 0);
    await waitFor(async () => (await stateOf(id, 'hotline-mail-register'))?.state === 'sent');
    await sleep(2500);
    expect(mailsAbout(number, 'Регистрация')).toHaveLength(1);
    expect((await requestState(id)).hotline_email_register_sent).toBe(true);
    // A request outside the reader's scope is not found.
    expect((await court.get(`/api/request_delivery/${id}`)).statusCode).toBe(404);
  });

  it('a final failure: "не доставлено", the request may be registered again, the administrator is told; "Повторить" delivers it once', async () => {
    const { id, number } = await newPlainRequest();
    await smtpDown();
    expect((await engineer.post('/api/request_hot_line_email_register', { request_id: id })).statusCode).toBe(200);
    await waitFor(async () => (await stateOf(id, 'hotline-mail-register'))?.state === 'failed');
    await waitFor(async () => (await requestState(id)).hotline_email_register_sent === false);
    const failed = (await deliveries(engineer, id)).find((i) => i.kind === 'hotline-mail-register')!;
    expect(failed).toMatchObject({ state: 'failed', can_retry: true });
    expect(failed.error).toBeTruthy();
    // The bell of the administrator.
    const adminId = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'admin'`));
    await waitFor(async () => {
      const list = (await admin.get(`/api/notifications/${adminId}`)).json().notifications as Array<{ info?: string; notification_info?: string }>;
      return JSON.stringify(list).includes(`Не доставлено: Письмо о регистрации на ГЛ по заявке №${number}`);
    });
    // A reader without the right gets no button and is refused.
    expect((await court.post('/api/request_delivery_retry', { request_id: id, key: failed.key })).statusCode).toBe(403);
    // 'Повторить' from the request once SMTP is back.
    await smtpUp();
    const retried = await engineer.post('/api/request_delivery_retry', { request_id: id, key: failed.key });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().message).toBe(deliveryMessages.retryQueued);
    expect(retried.json().savedRequest.hotline_email_register_sent).toBe(true);
    await waitFor(async () => (await stateOf(id, 'hotline-mail-register'))?.state === 'sent');
    await sleep(1500);
    expect(mailsAbout(number, 'Регистрация')).toHaveLength(1);
    // A sent item is not retried; an unknown key is 404.
    expect((await engineer.post('/api/request_delivery_retry', { request_id: id, key: failed.key })).statusCode).toBe(409);
    expect((await engineer.post('/api/request_delivery_retry', { request_id: id, key: 'hotline-mail-register:request-0' })).statusCode).toBe(404);
  });

  it('pressing the button again after a final failure sends the mail again (once)', async () => {
    const { id, number } = await newPlainRequest();
    await smtpDown();
    expect((await engineer.post('/api/request_hot_line_email_register', { request_id: id })).statusCode).toBe(200);
    await waitFor(async () => (await requestState(id)).hotline_email_register_sent === false);
    await smtpUp();
    const again = await engineer.post('/api/request_hot_line_email_register', { request_id: id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().savedRequest.hotline_email_register_sent).toBe(true);
    await waitFor(() => mailsAbout(number, 'Регистрация').length > 0);
    await sleep(1500);
    expect(mailsAbout(number, 'Регистрация')).toHaveLength(1);
  });
});

describe('hot line registration through an outage of the hot line', () => {
  it('answers "выполняется" (not an error), stays queued, and the number arrives once with a notice to the requester and engineers', async () => {
    if (!sink) await smtpUp();
    // A number given before the outage: the hot line that comes back never gives it again (one sequence).
    const before = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    expect((await engineer.post('/api/request_hot_line_register', { request_id: before.id })).statusCode).toBe(200);
    // The answer may say "выполняется" on a busy machine: the number is read from the request once it is there.
    await waitFor(async () => Boolean((await requestState(before.id)).hotlinegas_number));
    const given = String((await requestState(before.id)).hotlinegas_number);
    const r = await registerRepair(court, facts);
    expect(r.statusCode, r.body).toBe(200);
    const { id, number } = r.json().savedRequest as { id: number; number: number };
    // The engineer takes it: the request's engineers hear of the number as well as its requester.
    expect((await engineer.post(`/api/request/${id}/take`, {})).statusCode).toBe(200);
    await double!.close();
    double = null;
    const res = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: deliveryMessages.pending, pending: true, hot_line_number: null });
    await waitFor(async () => ((await stateOf(id, 'hotline-register'))?.attempts ?? 0) >= 3);
    expect((await stateOf(id, 'hotline-register'))?.state).toBe('queued');
    double = await startHotlineDouble({ port: hotlinePort });
    await waitFor(async () => Boolean((await requestState(id)).hotlinegas_number));
    const hot = String((await requestState(id)).hotlinegas_number);
    expect(hot).not.toBe(given);
    expect((await stateOf(id, 'hotline-register'))?.state).toBe('sent');
    expect(double.registrations()).toBe(1);
    expect(new Set(double.state.calls.map((c) => c.key))).toEqual(new Set([`hotline-register:request-${id}:0`]));
    // The requester (the court user who registered it) and the request's engineer hear of the number, once each.
    const notice = deliveryMessages.numberArrived(number, hot);
    const noticesOf = async (client: ApiClient, login: string) => {
      const userId = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = ${login}`));
      const list = (await client.get(`/api/notifications/${userId}`)).json().notifications as Array<Record<string, unknown>>;
      return list.filter((n) => JSON.stringify(n).includes(notice));
    };
    await waitFor(async () => (await noticesOf(court, 'court')).length > 0);
    await waitFor(async () => (await noticesOf(engineer, 'engineer')).length > 0);
    await sleep(1000);
    expect(await noticesOf(court, 'court')).toHaveLength(1);
    expect(await noticesOf(engineer, 'engineer')).toHaveLength(1);
  });

  it('a definite refusal stays an error with the hot line\'s message', async () => {
    const r = await registerRepair(court, facts);
    const { id } = r.json().savedRequest as { id: number };
    double!.state.next = ['refused'];
    const res = await engineer.post('/api/request_hot_line_register', { request_id: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Неверный логин или пароль ГЛ');
    expect(res.json().message).not.toBe(hotlineMessages.failed);
  });
});
