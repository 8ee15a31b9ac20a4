import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs as signedInApi, appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a reload after a change waits for the read models. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * The request list (requests.md 2.1, 2.3): columns, row tints, filtering, paging, scope and
 * exports, on requests this file registers through the API (the demo data has none).
 */

interface ListAnswer {
  requests: Array<{ id: number; number: number | null; request_kind_id: number | null; request_status_id: number; unit_id: number | null }>;
  pagesCount: number;
  itemsCount: number;
}

/** An API client signed in as `login` (the test's own calls, not the page's). */
const apiAs = async (login: string) => {
  const api = await signedInApi(login);
  const { call } = api;
  return {
    ...api,
    post: <T>(pathname: string, body: unknown) => call<T>('POST', pathname, body),
    list: (filter: object) => call<ListAnswer>('GET', `/request/${encodeURIComponent(JSON.stringify(filter))}`),
  };
};

type Api = Awaited<ReturnType<typeof apiAs>>;

const register = async (api: Api, request: Record<string, unknown>) =>
  (await api.post<{ savedRequest: { id: number; number: number } }>('/request', { request })).savedRequest;

let browser: Browser;
let chief: Api;
let court: Api;
/** The chief's (and the Moscow branch's) units; the court user's units are two of them. */
let chiefUnits: number[];
let courtUnits: number[];
let regionId: number;
const made = { consultation: 0, mistake: 0, performing: 0, senior: 0 };

beforeAll(async () => {
  browser = await launchBrowser();
  chief = await apiAs('chief');
  court = await apiAs('court');
  chiefUnits = (await chief.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit.map((u) => u.id);
  courtUnits = (await court.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit.map((u) => u.id);
  regionId = chief.user.region_id ?? 1;
  // More than a page: three tasks in each of the chief's units.
  for (let i = 0; i < 3; i++)
    await chief.post('/request_multiple', { unitsIds: chiefUnits, requestText: `Плановая проверка оборудования, круг ${i + 1}` });
  const contact = { region_id: regionId, unit_id: courtUnits[0], contact_kind: 1, contact_id: court.user.id };
  made.consultation = (await register(chief, { ...contact, request_kind_id: 11, request_text: 'Консультация по работе модуля «Судебное делопроизводство»' })).id;
  made.mistake = (await register(chief, { ...contact, request_kind_id: 9, request_text: 'Заявка создана по ошибке' })).id;
  made.senior = (await register(chief, { ...contact, request_kind_id: 8, request_performer_kind: 'SENIOR', request_text: 'Задача головному исполнителю' })).id;
  const engineer = await apiAs('engineer');
  made.performing = (await register(chief, { ...contact, request_kind_id: 8, request_text: 'Настроить сетевой принтер в зале 3' })).id;
  await engineer.post(`/request/${made.performing}/take`, {});
});
afterAll(async () => {
  await browser?.close();
});

// By CSS, not by role: while a dialog is open the page behind it is hidden from the accessibility tree.
const table = (page: Page) => page.locator('table[aria-label="Список заявок"]');
const rows = (page: Page) => table(page).locator('tbody tr[data-request-id]');
const counter = (page: Page) => page.getByTestId('items-count');
const rowOf = (page: Page, id: number) => table(page).locator(`tr[data-request-id="${id}"]`);

/** Waits until the list shows `count` items and no call is running. */
const expectCount = async (page: Page, count: number) => {
  await poll(() => counter(page).textContent()).toBe(`Всего: ${count}`);
  await poll(() => table(page).getAttribute('aria-busy')).toBe('false');
};

const openList = async (page: Page, login: string) => {
  await signIn(page, login);
  await page.getByRole('button', { name: 'Техподдержка' }).click();
  await page.getByRole('menuitem', { name: 'Список заявок' }).click();
  await page.waitForURL(appUrl('/requests'));
  await table(page).waitFor();
};

const openFilter = async (page: Page) => {
  await page.getByRole('button', { name: 'Фильтр' }).click();
  const dialog = page.getByRole('dialog', { name: 'Фильтр заявок' });
  await dialog.waitFor();
  return dialog;
};

/** Picks options of a multi-select (an MUI Autocomplete) by their titles. */
const pick = async (page: Page, label: string, options: readonly string[]) => {
  await page.getByRole('combobox', { name: label }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
};

describe('the request list (requests.md 2.1)', () => {
  test('shows the columns, numbers rows, tints them by kind and status, and pages by 20', async () => {
    const { page, problems, context } = await openPage(browser);
    await openList(page, 'chief');
    const all = await chief.list({});
    expect(all.itemsCount).toBeGreaterThan(20);
    await expectCount(page, all.itemsCount);

    const headers = (await table(page).locator('thead th').allTextContents()).map((t) => t.trim()).filter((t) => t && t !== 'Действия');
    expect(headers).toEqual(['№', 'ГЛ/Филиал', 'Дата регистрации', 'Номер', 'Номер на ГЛ', 'Дата исполнения', 'Организация', 'Тип', 'Состояние', 'Содержание']);
    expect(await rows(page).count()).toBe(20);
    expect((await rows(page).first().locator('td').first().textContent())?.trim()).toBe('1');

    // Kind 'Ошибка' has its own colour; other rows the colour of their status.
    const mistake = rowOf(page, made.mistake);
    const performing = rowOf(page, made.performing);
    const waiting = rowOf(page, made.consultation);
    const senior = rowOf(page, made.senior);
    expect(await mistake.getAttribute('data-tint')).toBe('withdrawn');
    expect(await performing.getAttribute('data-tint')).toBe('performing');
    expect(await waiting.getAttribute('data-tint')).toBe('waiting-engineer');
    expect(await senior.getAttribute('data-tint')).toBe('hot-line-waiting');
    const background = (row: typeof mistake) => row.evaluate((el) => getComputedStyle(el).backgroundColor);
    const colours = new Set([await background(mistake), await background(performing), await background(waiting), await background(senior)]);
    expect(colours.size).toBe(4);
    expect(await background(mistake)).toBe('rgb(251, 228, 230)');
    const texts = await mistake.locator('td').allTextContents();
    expect(texts).toContain('Ошибка');
    expect(texts).toContain('Отменена');
    expect(await senior.locator('td').nth(1).textContent()).toBe('ГЛ');
    await screenshot(page, 'requests-list-chief');

    // Page 2 continues the numbering; at most 8 page buttons.
    const pager = page.getByRole('navigation', { name: 'Страницы' });
    expect(await pager.getByRole('button', { name: /^Страница \d+$/ }).count()).toBeLessThanOrEqual(8);
    await pager.getByRole('button', { name: 'Страница 2' }).click();
    await poll(() => rows(page).first().locator('td').first().textContent()).toBe('21');
    await poll(() => table(page).getAttribute('aria-busy')).toBe('false');
    expect(await rows(page).count()).toBe(Math.min(20, all.itemsCount - 20));
    expectNoProblems(problems);
    await context.close();
  });

  test('filtering by kind, status and number narrows the list and starts again at page 1', async () => {
    const { page, problems, context } = await openPage(browser);
    await openList(page, 'chief');
    const pager = page.getByRole('navigation', { name: 'Страницы' });
    await pager.getByRole('button', { name: 'Страница 2' }).click();
    await poll(() => rows(page).first().locator('td').first().textContent()).toBe('21');

    const dialog = await openFilter(page);
    await pick(page, 'Тип заявки', ['Задача']);
    const tasks = await chief.list({ request_kinds_ids: [8] });
    await expectCount(page, tasks.itemsCount);
    // The filter changed: page 1 again.
    await poll(() => page.locator('nav[aria-label="Страницы"] [aria-current="page"]').textContent()).toBe('1');
    expect((await rows(page).first().locator('td').first().textContent())?.trim()).toBe('1');
    for (const kind of await rows(page).locator('td:nth-child(8)').allTextContents()) expect(kind).toBe('Задача');

    await pick(page, 'Состояние', ['Исполняется', 'Ожидает исполнителя']);
    const performing = await chief.list({ request_kinds_ids: [8], request_statuses_ids: [3, 2] });
    expect(performing.itemsCount).toBeGreaterThan(1);
    await expectCount(page, performing.itemsCount);
    for (const status of await rows(page).locator('td:nth-child(9)').allTextContents()) expect(['Исполняется', 'Ожидает исполнителя']).toContain(status);

    // Letters in the number: the domain's message, and the list stays as it was.
    const number = dialog.getByRole('textbox', { name: 'Номер заявки' });
    await number.fill('12а');
    await dialog.getByText('Введите целое число').waitFor();
    await expectCount(page, performing.itemsCount);
    const target = performing.requests[0]!;
    await number.fill(String(target.number));
    await expectCount(page, 1);
    await poll(() => dialog.getByText('Введите целое число').count()).toBe(0);
    expect(await rows(page).first().getAttribute('data-request-id')).toBe(String(target.id));
    await screenshot(page, 'requests-list-filter-dialog');
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // The conditions show above the table; the filter survives leaving the screen and coming back.
    const conditions = page.getByRole('list', { name: 'Условия фильтра' });
    const chips = await conditions.getByRole('listitem').allTextContents();
    expect(chips).toEqual(['Зарегистрированы: 01.01.' + new Date().getFullYear() + ' – 31.12.' + new Date().getFullYear(), 'Тип: Задача', 'Состояние: Исполняется, Ожидает исполнителя', `Номер: ${target.number}`]);
    await page.getByRole('link', { name: 'Главная' }).click();
    await page.waitForURL(appUrl('/'));
    await page.getByRole('button', { name: 'Техподдержка' }).click();
    await page.getByRole('menuitem', { name: 'Список заявок' }).click();
    await expectCount(page, 1);

    // A chip's cross clears its condition; 'Сбросить фильтр' clears them all.
    await conditions.getByRole('listitem').filter({ hasText: 'Номер:' }).locator('svg').click();
    await expectCount(page, performing.itemsCount);
    await page.getByRole('button', { name: 'Сбросить фильтр' }).click();
    await expectCount(page, (await chief.list({})).itemsCount);
    expect(await conditions.getByRole('listitem').count()).toBe(1);
    expectNoProblems(problems);
    await context.close();
  });

  test('the sub-filter of a kind appears with the kind and sends the server field names', async () => {
    const { page, problems, context } = await openPage(browser);
    await openList(page, 'chief');
    const dialog = await openFilter(page);
    expect(await dialog.getByRole('group', { name: 'Ремонт оборудования' }).count()).toBe(0);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/request/')) asked.push(decodeURIComponent(new URL(r.url()).pathname.split('/').pop() ?? ''));
    });
    await pick(page, 'Тип заявки', ['Ремонт оборудования', 'Консультация']);
    await dialog.getByRole('group', { name: 'Ремонт оборудования' }).waitFor();
    await dialog.getByRole('group', { name: 'Консультация' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Вид ремонта' }).click();
    await page.getByRole('option', { name: 'ЗИП филиала' }).click();
    await dialog.getByRole('checkbox', { name: 'Без акта СО-8' }).check();
    await poll(() => asked.map((a) => JSON.parse(a) as Record<string, unknown>).at(-1)).toMatchObject({
      request_kinds_ids: [2, 11],
      repair: { repair_type_id: 5 },
      without_doc_co_8: true,
      pageNumber: 1,
    });
    // Other test files share the server; the list must show exactly what the server counts.
    const expected = await chief.list({ request_kinds_ids: [2, 11], repair: { repair_type_id: 5 }, without_doc_co_8: true });
    await expectCount(page, expected.itemsCount);
    if (expected.itemsCount === 0) await table(page).getByText('Заявки не найдены').waitFor();
    await screenshot(page, 'requests-list-filter-repair');
    expectNoProblems(problems);
    await context.close();
  });

  test('a court user sees only the requests of their units and no delete button', async () => {
    const { page, problems, context } = await openPage(browser);
    await openList(page, 'court');
    const own = await court.list({});
    await expectCount(page, own.itemsCount);
    expect(own.itemsCount).toBeLessThan((await chief.list({})).itemsCount);
    for (const r of own.requests) expect(courtUnits).toContain(r.unit_id);
    const organisations = new Set(await rows(page).locator('td:nth-child(7)').allTextContents());
    for (const o of organisations) expect(o).toMatch(/^Басманный районный суд/);
    expect(await page.getByRole('button', { name: /^Удалить заявку/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Изменить номер или дату/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Создать заявку' }).waitFor();

    // The object filter offers only the user's own units.
    await openFilter(page);
    await page.getByRole('combobox', { name: 'Объекты' }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.length).toBe(courtUnits.length);
    for (const o of offered) expect(o).toMatch(/^Басманный районный суд/);
    expectNoProblems(problems);
    await context.close();
  });

  test('export downloads the whole filtered list as xlsx and docx', async () => {
    const { page, problems, context } = await openPage(browser);
    await openList(page, 'chief');
    for (const [item, name, magic] of [
      ['Excel (xlsx)', 'Список заявок.xlsx', 'PK'],
      ['Word (docx)', 'Список заявок.docx', 'PK'],
    ] as const) {
      await page.getByRole('button', { name: 'Выгрузить' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
      expect(download.suggestedFilename()).toBe(name);
      const file = await download.path();
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 2).toString()).toBe(magic);
      expect(bytes.length).toBeGreaterThan(3000);
    }
    expectNoProblems(problems);
    await context.close();
  });

  test('a row click opens the request dialog by the address; selecting text in the row does not', async () => {
    const { page, problems, context } = await openPage(browser);
    await openList(page, 'chief');
    const row = rowOf(page, made.consultation);
    await row.locator('td').nth(9).click();
    await page.waitForURL(appUrl(`/requests?open=${made.consultation}`));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
    await page.waitForURL(appUrl('/requests'));
    await dialog.waitFor({ state: 'detached' });

    // Drag over the description: a selection, not an opening.
    const cell = row.locator('td').nth(9);
    const box = (await cell.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString().length ?? 0)).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');

    // The notifications' address opens the request on the chat tab.
    await page.goto(appUrl(`/requests?open=${made.consultation}&tab=chat`));
    await page.getByRole('dialog').waitFor();
    expectNoProblems(problems);
    await context.close();
  });
});
