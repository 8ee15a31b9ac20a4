import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn, type OpenedPage } from '../support/browser-harness';
import { choose, todayText, typeDate } from './request-dialog-host/host-page';

/**
 * One request's whole day through the real screens: the court creates it from the request list,
 * finds it with the list's filter, the engineer finds it the same way, takes it, repairs, attaches
 * the СО-8 act and confirms it ('Заявка выполнена').
 */

let browser: Browser;
const opened: OpenedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const o of opened) await o.context.close().catch(() => {});
  await browser?.close();
});

const appSession = async (login: string): Promise<OpenedPage> => {
  const o = await openPage(browser);
  opened.push(o);
  await signIn(o.page, login);
  return o;
};

const requestDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('request-dialog-title') });
const title = (page: Page) => page.getByTestId('request-dialog-title');

/** The list narrowed to one request number through the filter dialog; its single row. */
const findByNumber = async (page: Page, number: number): Promise<Locator> => {
  await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Фильтр заявок' });
  await filter.getByLabel('Номер заявки', { exact: true }).fill(String(number));
  await expect.poll(() => filter.getByText(/^Найдено: \d+$/).textContent(), { timeout: 15_000 }).toBe('Найдено: 1');
  await filter.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
  const rows = page.getByRole('table', { name: 'Список заявок' }).locator('tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
  return rows.first();
};

describe('a request’s day through the list and the dialog', () => {
  test('court creates it in the list, finds it with the filter; the engineer takes, repairs and completes it', async () => {
    // The court registers a repair from the list.
    const court = await appSession('court');
    await court.page.goto(appUrl('/requests'));
    await court.page.getByRole('button', { name: 'Создать заявку' }).click();
    await expect.poll(() => new URL(court.page.url()).search).toBe('?new=1');
    let dialog = requestDialog(court.page);
    await choose(court.page, dialog, 'Объект', 'Басманный районный суд г. Москвы, здание 2');
    await choose(court.page, dialog, 'Контактное лицо', 'Кузнецова Мария Александровна');
    await choose(court.page, dialog, 'Тип заявки', 'Ремонт оборудования');
    await dialog.getByLabel('Описание', { exact: true }).fill('Не работает принтер в канцелярии');
    await dialog.getByRole('button', { name: 'Выбрать', exact: true }).click();
    await court.page.getByRole('dialog', { name: 'Поиск оборудования' }).getByRole('row').filter({ hasText: 'Принтер' }).first().click();
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect.poll(() => title(court.page).textContent(), { timeout: 15_000 }).toMatch(/^Заявка № \d+ от /);
    const number = Number(/№ (\d+)/.exec((await title(court.page).textContent()) ?? '')?.[1]);
    // The address follows the registered request.
    await expect.poll(() => new URL(court.page.url()).searchParams.get('open')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const courtRow = await findByNumber(court.page, number);
    expect(await courtRow.textContent()).toContain('Не работает принтер в канцелярии');
    await screenshot(court.page, 'request-dialog-day-court-list');
    expectNoProblems(court.problems);

    // The engineer finds it the same way and opens it from the row.
    const engineer = await appSession('engineer');
    const page = engineer.page;
    await page.goto(appUrl('/requests'));
    await (await findByNumber(page, number)).click();
    dialog = requestDialog(page);
    await expect.poll(() => title(page).textContent()).toMatch(new RegExp(`^Заявка № ${number} от .* · Ожидает исполнителя$`));
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await dialog.getByRole('button', { name: 'Принять к исполнению' }).click();
    await expect.poll(() => title(page).textContent()).toMatch(/· Исполняется$/);

    const today = todayText();
    await choose(page, dialog, 'Тип гарантийности', 'Негарантийный');
    await choose(page, dialog, 'Результат осмотра до ремонта', 'Требуется ремонт');
    await choose(page, dialog, 'Вид ремонта', 'Силами филиала');
    await choose(page, dialog, 'Результат ремонта', 'Полностью');
    await typeDate(dialog, 'Дата ремонта', today);
    await choose(page, dialog, 'Результат осмотра после ремонта', 'Работоспособно');
    await dialog.getByLabel('Комментарий после ремонта', { exact: true }).fill('Печатает без замечаний');
    await dialog.getByRole('tab', { name: 'Заявка', exact: true }).click();
    await dialog.getByLabel('Номер на ГЛ', { exact: true }).fill(`ГЛ-${number}`);
    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await dialog.getByRole('button', { name: 'Добавить документ' }).click();
    const add = page.getByRole('dialog', { name: 'Добавить документ' });
    await add.locator('input[type="file"]').setInputFiles({ name: `co8-${number}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    await choose(page, add, 'Вид акта', 'Акт СО-8');
    await add.getByRole('button', { name: 'Добавить' }).click();
    // One save carries the repair, the number and the act: the request is performed.
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toMatch(/· Выполнена$/);

    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await dialog.getByRole('button', { name: 'Заявка выполнена' }).click();
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toMatch(/· Закрыта$/);
    expect(await dialog.getByRole('button', { name: 'Заявка выполнена' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Список заявок' }).locator('tbody tr').first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Закрыта');
    await screenshot(page, 'request-dialog-day-closed');
    expectNoProblems(engineer.problems);
  });
});
