import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a reload after a change waits for the read models. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * The search above the request lists (requests.md 2.3 'Поиск'): a typed word narrows the list after
 * its debounce, joins the chips and is marked in the 'Содержание' cell; the head-performer list has
 * the same field. Words of this file are rare enough that no other file's requests hold them.
 */

let browser: Browser;
const made = { pump: 0, other: 0, senior: 0 };

beforeAll(async () => {
  browser = await launchBrowser();
  const chief = await apiAs('chief');
  const court = await apiAs('court');
  const courtUnits = (await court.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit.map((u) => u.id);
  const contact = { region_id: chief.user.region_id ?? 1, unit_id: courtUnits[0], contact_kind: 1, contact_id: court.user.id, request_kind_id: 8 };
  const register = async (request: Record<string, unknown>) =>
    (await chief.call<{ savedRequest: { id: number } }>('POST', '/request', { request })).savedRequest.id;
  made.pump = await register({ ...contact, request_text: 'Гидрокомпенсатор стойки сервера шумит' });
  made.other = await register({ ...contact, request_text: 'Калибровка мониторов в зале' });
  made.senior = await register({ ...contact, request_performer_kind: 'SENIOR', request_text: 'Перепрошивка маршрутизаторов филиала' });
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.locator('table[aria-label="Список заявок"]');
const rows = (page: Page) => table(page).locator('tbody tr[data-request-id]');
const counter = (page: Page) => page.getByTestId('items-count');
const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Поиск' });

const expectCount = async (page: Page, count: number) => {
  await poll(() => counter(page).textContent()).toBe(`Всего: ${count}`);
  await poll(() => table(page).getAttribute('aria-busy')).toBe('false');
};

describe('the request search', () => {
  test('a typed word form narrows the list, joins the chips and is marked in the text', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'chief');
    await page.goto(appUrl('/requests'));
    await table(page).waitFor();
    await searchField(page).fill('гидрокомпенсатора');
    await expectCount(page, 1);
    expect(await rows(page).getAttribute('data-request-id')).toBe(String(made.pump));
    expect(await rows(page).locator('mark').first().textContent()).toBe('Гидрокомпенсатор');
    const conditions = page.getByRole('list', { name: 'Условия фильтра' });
    expect(await conditions.getByRole('listitem').allTextContents()).toContain('Поиск: гидрокомпенсатора');
    await screenshot(page, 'request-search');

    // A part of a word finds it too; the chip's cross clears the search and the field.
    await searchField(page).fill('калибров');
    await poll(() => rows(page).first().getAttribute('data-request-id')).toBe(String(made.other));
    await expectCount(page, 1);
    await conditions.getByRole('listitem').filter({ hasText: 'Поиск:' }).locator('svg').click();
    await poll(() => searchField(page).inputValue()).toBe('');
    await poll(async () => Number((await counter(page).textContent())?.replace(/\D/g, ''))).toBeGreaterThan(1);
    expectNoProblems(problems);
    await context.close();
  });

  test('the head-performer list searches the same way', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'admin');
    await page.goto(appUrl('/requests-hot-line'));
    await table(page).waitFor();
    await searchField(page).fill('маршрутизатор');
    await expectCount(page, 1);
    expect(await rows(page).getAttribute('data-request-id')).toBe(String(made.senior));
    expect(await rows(page).locator('mark').first().textContent()).toBe('маршрутизаторов');
    expectNoProblems(problems);
    await context.close();
  });

  test('the equipment list: a part of a serial number narrows the list and is marked', async () => {
    const api = await apiAs('admin');
    const region = (await api.get<{ region_id: number | null }>('/auth/me')).region_id;
    const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
    const base = region === null ? {} : { region_id: region };
    const first = (await api.get<{ tools: Array<{ id: number; serial_number: string }> }>(`/tool/${enc(base)}`)).tools[0]!;
    const part = first.serial_number.slice(1, 7).toLowerCase();
    const expected = (await api.get<{ itemsCount: number }>(`/tool/${enc({ ...base, search: part })}`)).itemsCount;
    expect(expected).toBeGreaterThan(0);

    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'admin');
    await page.goto(appUrl('/tools'));
    const tools = page.locator('table[aria-label="Список оборудования"]');
    await tools.waitFor();
    await searchField(page).fill(part);
    await poll(() => page.getByTestId('tools-title').textContent()).toBe(`Оборудование (${expected})`);
    await poll(() => tools.getAttribute('aria-busy')).toBe('false');
    const row = tools.locator(`tbody tr[data-tool-id="${first.id}"]`);
    expect((await row.locator('mark').first().textContent())?.toLowerCase()).toContain(part);
    expect(await page.getByRole('list', { name: 'Условия фильтра' }).getByRole('listitem').allTextContents()).toContain(`Поиск: ${part}`);
    expectNoProblems(problems);
    await context.close();
  });
});
