import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_HOTLINE_EMAIL } from '../../api/demo-hotline';
import { DEMO_PASSWORD, expectNoProblems, launchBrowser, openPage, screenshot } from '../support/browser-harness';
import { databaseUrl, withAdminClient } from '../support/database';
import { freePort, serverReady, startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';

/**
 * A fresh `npm start` demo (api/main.ts with DEMO=1, HOTLINE_URL and SMTP_URL unset), not the
 * workers' servers: its own hot line simulator gives numbers, and the mails it keeps are read on
 * the outbox screen. The engineer registers a request on the hot line with the button; a request of
 * a court without a hot line account goes by mail, gets its number typed in, is closed, and the
 * close notice is read in the outbox.
 */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 200 });
const database = `t_${process.pid}_demo_walk`;
let dataDir = '';
let server: ServerProcess | null = null;
let browser: Browser | null = null;
let base = '';

type Call = <T>(method: string, pathname: string, body?: unknown) => Promise<T>;
const apiAs = async (login: string): Promise<Call> => {
  const r = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: login, password: DEMO_PASSWORD }) });
  if (!r.ok) throw new Error(`sign-in ${login}: ${r.status} ${await r.text()}`);
  const { accessToken, id } = (await r.json()) as { accessToken: string; id: number };
  return async <T>(method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${base}/api${pathname}`, {
      method,
      headers: { userId: String(id), accessToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
};

const signIn = async (page: Page, login: string) => {
  await page.goto(`${base}/login`);
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByTestId('user-fio').waitFor();
};

const openRequest = async (page: Page, id: number) => {
  await page.goto(`${base}/requests?open=${id}`);
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });
  await dialog.waitFor();
  return dialog;
};

beforeAll(async () => {
  await withAdminClient((c) => c.query(`CREATE DATABASE "${database}"`));
  dataDir = mkdtempSync(path.join(tmpdir(), 'itsup-demo-walk-'));
  const port = await freePort();
  server = startServerProcess(port, { DATABASE_URL: databaseUrl(database), DEMO: '1', DATA_DIR: dataDir, HOTLINE_URL: '', HOTLINE_EMAIL: '', PG_POOL_MAX: '12' });
  base = server.base;
  [browser] = await Promise.all([launchBrowser(), serverReady(server, 600_000)]);
}, 660_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server);
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a fresh npm start demo', () => {
  test('says it runs its own hot line and keeps mails in the service', () => {
    expect(server!.output()).toContain('Горячая линия: демонстрационный имитатор API ГЛ');
    expect(server!.output()).toContain('SMTP_URL не задан: письма сохраняются в службе');
  });

  test("'Добавить на ГЛ' gets a number; the mail way ends in a close notice read in the outbox", async () => {
    const admin = await apiAs('admin');
    const engineer = await apiAs('engineer');
    const court = await apiAs('court');
    const courtUnit = (await court<{ user_unit: Array<{ id: number; organization_id: number; region_id: number }> }>('GET', '/user_unit')).user_unit[0]!;
    const served = (await engineer<{ user_unit: Array<{ id: number; organization_id: number; region_id: number }> }>('GET', '/user_unit')).user_unit;
    const mailUnit = served.find((u) => u.region_id === courtUnit.region_id && u.organization_id !== courtUnit.organization_id)!;
    expect(mailUnit).toBeDefined();
    /** A consultation taken and performed by the engineer (closing it then needs the hot line number). */
    const performed = async (unit: { id: number; region_id: number }, text: string) => {
      const { savedRequest } = await admin<{ savedRequest: { id: number; number: number } }>('POST', '/request', {
        request: { region_id: unit.region_id, unit_id: unit.id, request_kind_id: 11, contact_kind: 2, contact_unknown_name: 'Орлова Анна', contact_unknown_email: 'orlova@example.ru', request_text: text },
      });
      await engineer('POST', `/request/${savedRequest.id}/take`, {});
      await engineer('PUT', `/request/${savedRequest.id}`, { request: { id: savedRequest.id, result: 'fulfilled', result_type: 1, note: 'Даны разъяснения' } });
      return savedRequest;
    };
    const direct = await performed(courtUnit, 'Консультация: демо, регистрация на ГЛ');
    const byMail = await performed(mailUnit, 'Консультация: демо, регистрация по почте');

    const { page, problems } = await openPage(browser!);
    await signIn(page, 'engineer');
    // The demo court has a hot line account: the simulator answers with a number.
    let dialog = await openRequest(page, direct.id);
    await dialog.getByRole('button', { name: 'Добавить на ГЛ' }).click();
    await poll(() => dialog.getByLabel('Номер на ГЛ').inputValue()).toBe(`ГЛ-С-${String(direct.id).padStart(6, '0')}`);
    await screenshot(page, 'demo-walk-hotline-number');

    // Another court has none: the registration mail goes to the hot line, whose answer (the number) is typed in.
    dialog = await openRequest(page, byMail.id);
    await dialog.getByRole('button', { name: 'Добавить на ГЛ' }).click();
    await page.getByTestId('hotline-notice').filter({ hasText: 'Сообщение о регистрации заявки отправлено на ГЛ' }).waitFor();
    const mailed = `ГЛ-26-${String(700_000 + byMail.id)}`;
    await dialog.getByLabel('Номер на ГЛ').fill(mailed);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await poll(async () => (await engineer<{ request: { hotlinegas_number: string | null } }>('GET', `/request_single/${byMail.id}`)).request.hotlinegas_number).toBe(mailed);
    dialog = await openRequest(page, byMail.id);
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await dialog.getByRole('button', { name: 'Заявка выполнена' }).click();
    await poll(async () => (await dialog.getByTestId('request-dialog-title').textContent()) ?? '').toContain('Закрыта');
    expectNoProblems(problems);

    // The administrator reads both mails in the outbox: kept (no SMTP_URL), with their text.
    const reader = await openPage(browser!);
    await signIn(reader.page, 'admin');
    await reader.page.goto(`${base}/outbox`);
    await reader.page.getByRole('heading', { name: 'Исходящие письма и вызовы ГЛ' }).waitFor();
    const rowOf = (kind: string, id: number) =>
      reader.page.getByRole('row').filter({ hasText: kind }).filter({ has: reader.page.getByRole('cell', { name: String(id), exact: true }) });
    await rowOf('Регистрация на ГЛ', direct.id).waitFor();
    const close = rowOf('Письмо о закрытии на ГЛ', byMail.id);
    await close.waitFor();
    await close.getByRole('cell', { name: 'Отправлено', exact: true }).waitFor();
    await close.getByRole('button', { name: 'Текст письма' }).click();
    const mail = reader.page.getByRole('dialog', { name: 'Текст письма' });
    await mail.getByText(`Заявка №${byMail.number} (номер на ГЛ ${mailed}) закрыта`).waitFor();
    await mail.getByText(DEMO_HOTLINE_EMAIL).waitFor();
    await expect(mail.getByTestId('outbox-mail').textContent()).resolves.toContain(`зарегистрированная на горячей линии под номером ${mailed}, закрыта.`);
    await screenshot(reader.page, 'demo-walk-close-notice');
    await mail.getByRole('button', { name: 'Закрыть' }).last().click();
    await rowOf('Письмо о регистрации на ГЛ', byMail.id).waitFor();
    expectNoProblems(reader.problems);
  });
});
