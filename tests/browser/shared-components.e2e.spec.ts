import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoProblems, launchBrowser, screenshot, watchProblems, type PageProblems } from '../support/browser-harness';
import { buildUiKit } from './ui-kit/build';

let browser: Browser;
let script: string;
beforeAll(async () => {
  [browser, script] = await Promise.all([launchBrowser(), buildUiKit()]);
});
afterAll(async () => {
  await browser?.close();
});

/** A blank page running the component gallery of ui-kit/main.tsx. */
const openKit = async (viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: PageProblems; close: () => Promise<void> }> => {
  const context = await browser.newContext({ locale: 'ru-RU', viewport });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.setContent('<!doctype html><html lang="ru"><body><div id="root"></div></body></html>');
  await page.addScriptTag({ content: script });
  await page.getByRole('region', { name: 'pager' }).waitFor();
  return { page, problems, close: () => context.close() };
};

const pageNumbers = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Страницы' }).getByRole('button', { name: /^Страница/ }).allTextContents()).map(Number);

describe('shared components (web/src/components)', () => {
  test('the pager shows at most 8 page numbers with both boundaries and goes back to page 1 when the list shrinks', async () => {
    const { page, problems, close } = await openKit();
    expect(await pageNumbers(page)).toEqual([1, 2, 3, 4, 5, 6, 7, 20]);
    await page.getByRole('button', { name: 'Страница 20' }).click();
    expect(await pageNumbers(page)).toEqual([1, 14, 15, 16, 17, 18, 19, 20]);
    await page.getByRole('button', { name: 'Страница 14' }).click();
    expect(await pageNumbers(page)).toEqual([1, 12, 13, 14, 15, 16, 17, 20]);
    await page.getByRole('button', { name: 'Следующая страница' }).click();
    await expect.poll(() => page.getByTestId('pager-page').textContent()).toBe('15');
    await screenshot(page, 'ui-kit-pager');

    await page.getByRole('button', { name: 'five pages' }).click();
    await expect.poll(() => page.getByTestId('pager-page').textContent()).toBe('1');
    expect(await pageNumbers(page)).toEqual([1, 2, 3, 4, 5]);
    expectNoProblems(problems);
    await close();
  });

  test("the confirm dialog answers 'Удалить' / 'Отменить' and, when asked, 'Вернуться'", async () => {
    const { page, problems, close } = await openKit();
    await page.getByRole('button', { name: 'confirm', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Удалить запись?').waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['', 'Удалить', 'Отменить']); // '' is the close cross
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => page.getByTestId('confirm-answer').textContent()).toBe('confirm');

    await page.getByRole('button', { name: 'confirm with back' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуться' }).click();
    await expect.poll(() => page.getByTestId('confirm-answer').textContent()).toBe('back');
    expectNoProblems(problems);
    await close();
  });

  test('the list table: a row a record, delete without opening the row, a hidden delete, inactive rows, empty and failed states', async () => {
    const { page, problems, close } = await openKit();
    const table = page.getByRole('table', { name: 'Список' });
    const rows = table.locator('tbody tr');
    expect(await rows.locator('td:nth-child(2)').allTextContents()).toEqual(['Первая', 'Защищённая', 'Неактивная']);
    expect(await rows.locator('td:first-child').allTextContents()).toEqual(['1', '2', '3']);
    // The protected row has no delete button; the inactive one is marked.
    expect(await table.getByRole('button', { name: /^Удалить/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      'Удалить «Первая»',
      'Удалить «Неактивная»',
    ]);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-inactive')))).toEqual([null, null, 'true']);
    await rows.nth(1).click();
    await expect.poll(() => page.getByTestId('list-opened').textContent()).toBe('Защищённая');

    // The delete asks first and does not open the row; a refused delete still closes the question.
    await table.getByRole('button', { name: 'Удалить «Первая»' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Удалить «Первая»?').waitFor();
    expect(await page.getByTestId('list-opened').textContent()).toBe('Защищённая');
    await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('list-removed').textContent()).toBe('Первая');

    await page.getByRole('button', { name: 'empty list' }).click();
    await expect.poll(() => rows.allTextContents()).toEqual(['Нет записей']);
    expect(await rows.locator('td').getAttribute('colspan')).toBe('3');
    await page.getByRole('button', { name: 'failed list' }).click();
    await expect.poll(() => rows.allTextContents()).toEqual(['Не удалось загрузить список']);
    expectNoProblems(problems);
    await close();
  });

  test('the list table with row buttons: one column "Действия" before the delete, a button acts without opening the row, row marks, its own empty text', async () => {
    const { page, problems, close } = await openKit();
    const table = page.getByRole('table', { name: 'Строки с кнопками' });
    const rows = table.locator('tbody tr');
    expect(await table.locator('thead th').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent))).toEqual(['№', 'Наименование', 'Действия']);
    expect(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid'), e.getAttribute('data-state')]))).toEqual([
      ['demo-row-1', 'open'],
      ['demo-row-2', 'locked'],
      ['demo-row-3', 'open'],
    ]);
    expect(await rows.nth(1).locator('td').first().evaluate((td) => getComputedStyle(td).fontWeight)).toBe('600');
    // The locked row has no button of its own, but its delete.
    expect(await rows.nth(1).getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent))).toEqual(['Удалить «Защищённая»']);
    expect(await rows.nth(0).getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent))).toEqual(['Отметить', 'Удалить «Первая»']);
    await rows.nth(2).getByRole('button', { name: 'Отметить' }).click();
    await expect.poll(() => page.getByTestId('actions-acted').textContent()).toBe('Неактивная');
    expect(await page.getByTestId('actions-opened').textContent()).toBe('');
    await rows.nth(2).locator('td').first().click();
    await expect.poll(() => page.getByTestId('actions-opened').textContent()).toBe('Неактивная');

    await page.getByRole('button', { name: 'empty actions list' }).click();
    await expect.poll(() => rows.allTextContents()).toEqual(['Документов нет']);
    expect(await rows.locator('td').getAttribute('colspan')).toBe('3');
    expectNoProblems(problems);
    await close();
  });

  test("a record's files: stored and new chips, a file of another type refused with the rule's message", async () => {
    const { page, problems, close } = await openKit();
    const files = page.getByRole('region', { name: 'files' });
    await files.getByLabel('Файлы').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await files.getByText('Допустимые типы файлов: pdf').waitFor();
    await files.getByLabel('Файлы').setInputFiles({ name: 'new.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await files.getByText('new.pdf').waitFor();
    expect(await files.getByText('Допустимые типы файлов: pdf').count()).toBe(0);
    expect(await files.locator('.MuiChip-label').allTextContents()).toEqual(['stored.pdf', 'new.pdf']);
    await files.locator('.MuiChip-root', { hasText: 'stored.pdf' }).locator('.MuiChip-deleteIcon').click();
    await expect.poll(() => files.locator('.MuiChip-label').allTextContents()).toEqual(['new.pdf']);
    expectNoProblems(problems);
    await close();
  });

  test('dialogs are 700 px wide, at most 80% of the viewport', async () => {
    for (const [viewport, width] of [
      [{ width: 1280, height: 900 }, 700],
      [{ width: 800, height: 900 }, 640],
    ] as const) {
      const { page, problems, close } = await openKit(viewport);
      await page.getByRole('button', { name: 'dialog', exact: true }).click();
      const box = await page.getByRole('dialog').boundingBox();
      expect(box?.width).toBe(width);
      expectNoProblems(problems);
      await close();
    }
  });

  test('the date input masks DD.MM.YYYY, accepts only real dates and follows the value from outside', async () => {
    const { page, problems, close } = await openKit();
    const input = page.getByLabel('Дата', { exact: true });
    await input.pressSequentially('31022026');
    expect(await input.inputValue()).toBe('31.02.2026');
    await page.getByText('Неверная дата').waitFor();
    expect(await page.getByTestId('date-value').textContent()).toBe('null');

    await input.fill('');
    await input.pressSequentially('1203a2026');
    expect(await input.inputValue()).toBe('12.03.2026');
    await expect.poll(() => page.getByTestId('date-value').textContent()).toBe('2026-03-12');
    expect(await page.getByText('Неверная дата').count()).toBe(0);

    await page.getByRole('button', { name: 'set from outside' }).click();
    await expect.poll(() => input.inputValue()).toBe('05.01.2026');

    // The calendar is Russian and its weeks start on Monday.
    await page.getByRole('button', { name: 'Выбрать дату' }).click();
    const weekdays = await page.locator('.MuiDayCalendar-weekDayLabel').allTextContents();
    expect(weekdays[0]?.toLowerCase()).toMatch(/^п/);
    expect(weekdays[6]?.toLowerCase()).toMatch(/^в/);
    await screenshot(page, 'ui-kit-date-calendar');
    await page.getByRole('gridcell', { name: '20' }).click();
    await expect.poll(() => page.getByTestId('date-value').textContent()).toBe('2026-01-20');
    expect(await input.inputValue()).toBe('20.01.2026');
    expectNoProblems(problems);
    await close();
  });

  test('the debounced field reports once, 500 ms after the last key', async () => {
    const { page, problems, close } = await openKit();
    const field = page.getByLabel('Поиск');
    const started = Date.now();
    await field.pressSequentially('суд', { delay: 50 });
    expect(await field.inputValue()).toBe('суд');
    expect(await page.getByTestId('debounce-changes').textContent()).toBe('0');
    await expect.poll(() => page.getByTestId('debounce-value').textContent()).toBe('суд');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(await page.getByTestId('debounce-changes').textContent()).toBe('1');
    expectNoProblems(problems);
    await close();
  });

  test('the debounced field reports a value left before its delay at once (a dialog closed right after typing keeps it)', async () => {
    const { page, problems, close } = await openKit();
    const field = page.getByLabel('Поиск');
    await field.fill('архив');
    const left = Date.now();
    await field.blur();
    await expect.poll(() => page.getByTestId('debounce-value').textContent(), { timeout: 400, interval: 20 }).toBe('архив');
    expect(Date.now() - left).toBeLessThan(400);
    await page.waitForTimeout(700);
    expect(await page.getByTestId('debounce-changes').textContent()).toBe('1');
    expect(await field.inputValue()).toBe('архив');
    expectNoProblems(problems);
    await close();
  });
});
