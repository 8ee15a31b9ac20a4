import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, hotlineUrl, screenshot, signIn } from '../support/browser-harness';

/**
 * The state hot line from the request dialog (decisions 68–71; requests.md 4.4, 8), on the real server
 * that calls the hot line double of the global setup: 'Добавить на ГЛ' fills the number and the
 * request may then be closed; without credentials the registration goes by e-mail once.
 */
const browser = fileBrowser();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

type Api = Awaited<ReturnType<typeof apiAs>>;

let admin: Api;
let engineer: Api;
/** Two units of organisations other than the court's: one gets hot line credentials, one has none. */
let directUnit: number;
let mailUnit: number;

beforeAll(async () => {
  admin = await apiAs('admin');
  engineer = await apiAs('engineer');
  const court = await apiAs('court');
  const courtUnit = (await court.call<{ user_unit: Array<{ id: number; organization_id: number; region_id: number }> }>('GET', '/user_unit')).user_unit[0]!;
  const units = (await engineer.call<{ units: Array<{ id: number; organization_id: number; region_id: number }> }>('GET', '/unit')).units;
  // Units the engineer serves (other tests of the run add organisations to the region that are not theirs).
  const served = new Set((await engineer.call<{ user_unit: Array<{ id: number }> }>('GET', '/user_unit')).user_unit.map((u) => u.id));
  const others = units.filter((u) => served.has(u.id) && u.region_id === courtUnit.region_id && u.organization_id !== courtUnit.organization_id);
  const orgs = [...new Set(others.map((u) => u.organization_id))];
  expect(orgs.length).toBeGreaterThanOrEqual(2);
  directUnit = others.find((u) => u.organization_id === orgs[0])!.id;
  mailUnit = others.find((u) => u.organization_id === orgs[1])!.id;
  const org = (await admin.call<{ organization: Record<string, unknown> }>('GET', `/organization/${orgs[0]}`)).organization;
  await admin.call('PUT', `/organization/${orgs[0]}`, { organization: { ...org, hot_line_email: 'org@gl.example.ru', hot_line_password: 'пароль-ГЛ' }, units: org.units });
});

/** A consultation of `unit`, taken and performed by the engineer (closing then needs the hot line number). */
const performedConsultation = async (unit: number, text: string) => {
  const { savedRequest } = await admin.call<{ savedRequest: { id: number; number: number } }>('POST', '/request', {
    request: { region_id: 1, unit_id: unit, request_kind_id: 11, contact_kind: 2, contact_unknown_name: 'Орлова Анна', contact_unknown_email: 'orlova@example.ru', request_text: text },
  });
  await engineer.call('POST', `/request/${savedRequest.id}/take`, {});
  await engineer.call('PUT', `/request/${savedRequest.id}`, { request: { id: savedRequest.id, result: 'fulfilled', result_type: 1, note: 'Даны разъяснения' } });
  return savedRequest;
};

const openRequest = async (page: Page, id: number) => {
  await page.goto(appUrl(`/requests?open=${id}`));
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });
  await dialog.waitFor();
  return dialog;
};

describe("'Добавить на ГЛ'", () => {
  test('direct registration fills the hot line number, and the request may then be closed', async () => {
    const { page, problems } = await browser.open();
    const request = await performedConsultation(directUnit, 'Консультация: регистрация на ГЛ напрямую');
    await signIn(page, 'engineer');
    const dialog = await openRequest(page, request.id);
    const button = dialog.getByRole('button', { name: 'Добавить на ГЛ' });
    await button.click();
    const numberField = dialog.getByLabel('Номер на ГЛ');
    await poll(() => numberField.inputValue()).toMatch(/^ГЛ-\d{5}$/);
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('hotline-notice').textContent()).resolves.toMatch(/Заявка зарегистрирована/);
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await dialog.getByRole('button', { name: 'Заявка выполнена' }).click();
    await poll(async () => (await dialog.getByTestId('request-dialog-title').textContent()) ?? '').toContain('Закрыта');
    await screenshot(page, 'hotline-direct-registration');
    expectNoProblems(problems);
  });

  test('a non-200 answer shows the hot line message and leaves the button enabled', async () => {
    const { page, problems } = await browser.open();
    const request = await performedConsultation(directUnit, 'Консультация: отказ ГЛ');
    await fetch(hotlineUrl('/__double/next'), { method: 'POST', body: JSON.stringify({ modes: ['refused'], request_id: request.id }) });
    await signIn(page, 'engineer');
    const dialog = await openRequest(page, request.id);
    const button = dialog.getByRole('button', { name: 'Добавить на ГЛ' });
    await button.click();
    await page.getByText('Неверный логин или пароль ГЛ', { exact: true }).waitFor();
    // The request shows the refusal as the registration's delivery state too.
    await poll(async () => (await dialog.getByTestId('delivery-state').allTextContents()).join(' ')).toBe('не доставлено: Неверный логин или пароль ГЛ');
    await expect(dialog.getByLabel('Номер на ГЛ').inputValue()).resolves.toBe('');
    await poll(() => button.isEnabled()).toBe(true);
    expectNoProblems(problems, [/409/]);
  });

  test("an ambiguous failure says 'выполняется' (not an error); the delivery state goes 'в очереди' → 'отправлено' and the number arrives", async () => {
    const { page, problems } = await browser.open();
    const request = await performedConsultation(directUnit, 'Консультация: ГЛ отвечает ошибкой сервера');
    // Three failures: with the retries' 1 s, 2 s, 4 s the number comes ~7 s after the click, into the dialog opened again below.
    await fetch(hotlineUrl('/__double/next'), { method: 'POST', body: JSON.stringify({ modes: ['500', '500', '500'], request_id: request.id }) });
    await signIn(page, 'engineer');
    const dialog = await openRequest(page, request.id);
    await dialog.getByRole('button', { name: 'Добавить на ГЛ' }).click();
    await page.getByTestId('hotline-notice').filter({ hasText: 'Регистрация на ГЛ выполняется, номер появится в заявке' }).waitFor();
    // Neither the dialog nor a notice says 'Ошибка' (the list behind may hold requests of the kind 'Ошибка').
    await expect(dialog.getByText('Ошибка', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByTestId('global-notice').filter({ hasText: 'Ошибка' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('hotline-notice').filter({ hasText: 'Ошибка' }).count()).resolves.toBe(0);
    const state = dialog.getByTestId('delivery-state');
    await poll(async () => (await state.allTextContents()).join(' ')).toMatch(/в очереди|отправлено/);
    await page.reload();
    const again = await openRequest(page, request.id);
    // The open dialog shows the number when its delivery leaves the queue, without being opened again. A retry may
    // land on a busy machine's next cycle. The number and the delivery state are read together, so a registration
    // that failed shows its reason.
    const numberAndState = async () => `${await again.getByLabel('Номер на ГЛ').inputValue()} | ${(await again.getByTestId('delivery-state').allTextContents()).join(' ')}`;
    await expect.poll(numberAndState, { timeout: 40_000 }).toMatch(/^ГЛ-\d{5} \| отправлено \d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    await screenshot(page, 'hotline-delivery-state');
    expectNoProblems(problems);
  });

  test('without credentials the registration goes by e-mail once and the button is disabled', async () => {
    const { page, problems } = await browser.open();
    const request = await performedConsultation(mailUnit, 'Консультация: регистрация на ГЛ по почте');
    await signIn(page, 'engineer');
    const dialog = await openRequest(page, request.id);
    const button = dialog.getByRole('button', { name: 'Добавить на ГЛ' });
    await button.click();
    // The dialog's own notice (10 s), not the global one-second green notice.
    await page.getByTestId('hotline-notice').filter({ hasText: 'Сообщение о регистрации заявки отправлено на ГЛ, номер заявки на ГЛ будет отправлен в ответном Email' }).waitFor();
    await poll(() => button.isDisabled()).toBe(true);
    const { items } = await admin.call<{ items: Array<{ kind: string }> }>('GET', `/outbox?request_id=${request.id}`);
    expect(items.map((i) => i.kind).filter((k) => k !== 'engineer-mail')).toEqual(['hotline-mail-register']);
    expectNoProblems(problems);
  });
});

describe('the outbox screen', () => {
  test('the administrator sees the hot line calls and mails with their state', async () => {
    const { page, problems } = await browser.open();
    const request = await performedConsultation(directUnit, 'Консультация: видна в исходящих');
    await engineer.call('POST', '/request_hot_line_register', { request_id: request.id });
    await signIn(page, 'admin');
    await page.goto(appUrl('/outbox'));
    await page.getByRole('heading', { name: 'Исходящие письма и вызовы ГЛ' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Регистрация на ГЛ' }).filter({ has: page.getByRole('cell', { name: String(request.id), exact: true }) });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: 'Отправлено', exact: true }).count()).resolves.toBe(1);
    await screenshot(page, 'hotline-outbox');
    expectNoProblems(problems);
  });
});
