import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * The equipment list /tools (equipment.md 2): title with the count, 20 rows a page, the filter
 * dialog and its chips, the 1000 ms list debounce, export after the count question, copy and
 * delete by right, a row click opening the card, the filter cleared on entry.
 */

interface ToolPage {
  tools: Array<{ id: number; state: number | null; serial_number: string | null }>;
  pagesCount: number;
  itemsCount: number;
}

const browser = fileBrowser();

type Api = Awaited<ReturnType<typeof apiAs>>;
const listOf = (api: Api, filter: object) => api.get<ToolPage>(`/tool/${encodeURIComponent(JSON.stringify(filter))}`);
const regionOf = async (api: Api) => (await api.get<{ region_id: number | null }>('/auth/me')).region_id;

// By CSS, not by role: while a dialog is open the page behind it is hidden from the accessibility tree.
const table = (page: Page) => page.locator('table[aria-label="Список оборудования"]');
const rows = (page: Page) => table(page).locator('tbody tr[data-tool-id]');
const title = (page: Page) => page.getByTestId('tools-title');
const chips = (page: Page) => page.getByRole('list', { name: 'Условия фильтра' }).getByRole('listitem');

/** Waits until the title shows `count` and no call is running. */
const expectCount = async (page: Page, count: number) => {
  await poll(() => title(page).textContent()).toBe(`Оборудование (${count})`);
  await poll(() => table(page).getAttribute('aria-busy')).toBe('false');
};

const openList = async (page: Page, login: string) => {
  await signIn(page, login);
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Список оборудования' }).click();
  await page.waitForURL(appUrl('/tools'));
  await table(page).waitFor();
};

describe('the equipment list (equipment.md 2 /tools)', () => {
  for (const login of ['admin', 'engineer'] as const)
    test(`shows the count of the user's region and 20 rows a page as ${login}`, async () => {
      const api = await apiAs(login);
      const region = await regionOf(api);
      const expected = await listOf(api, region === null ? {} : { region_id: region });
      expect(expected.itemsCount).toBeGreaterThan(20);
      const { page, problems } = await browser.open();
      await openList(page, login);
      await expectCount(page, expected.itemsCount);
      expect(await rows(page).count()).toBe(20);
      expect(await rows(page).first().getAttribute('data-tool-id')).toBe(String(expected.tools[0]!.id));
      // № runs on over the pages; the pager shows at most 8 numbers.
      expect(await rows(page).first().locator('td').first().textContent()).toBe('1');
      const pager = page.getByRole('navigation', { name: 'Страницы' });
      expect(await pager.getByRole('button', { name: /^Страница \d+$/ }).count()).toBeLessThanOrEqual(8);
      await pager.getByRole('button', { name: 'Страница 2' }).click();
      await poll(() => rows(page).first().locator('td').first().textContent()).toBe('21');
      // A date column shows DD.MM.YYYY.
      const dates = await rows(page).locator('td:nth-child(9)').allTextContents();
      for (const d of dates.filter(Boolean)) expect(d).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      await screenshot(page, `tools-list-${login}`);
      expectNoProblems(problems);
    });

  test('a filter narrows the list 1000 ms after the change, shows a chip, and is cleared on the next entry', async () => {
    const api = await apiAs('engineer');
    const region = await regionOf(api);
    const base = region === null ? {} : { region_id: region };
    const broken = await listOf(api, { ...base, tool_state: 2 });
    const all = await listOf(api, base);
    expect(broken.itemsCount).toBeGreaterThan(0);
    expect(broken.itemsCount).toBeLessThan(all.itemsCount);

    const { page, problems } = await browser.open();
    await openList(page, 'engineer');
    await expectCount(page, all.itemsCount);
    const asked: Array<{ at: number; filter: string }> = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tool/')) asked.push({ at: Date.now(), filter: decodeURIComponent(new URL(r.url()).pathname.split('/').pop() ?? '') });
    });
    await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр оборудования' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Состояние' }).click();
    const chosenAt = Date.now();
    await page.getByRole('option', { name: 'Неисправно', exact: true }).click();
    await dialog.getByText(`Найдено: ${broken.itemsCount}`).waitFor();
    const call = asked.find((a) => JSON.parse(a.filter).tool_state === 2);
    expect(call, 'the list call with the state').toBeDefined();
    expect(call!.at - chosenAt).toBeGreaterThanOrEqual(900);

    // 'Владелец не указан' clears and locks the owner type.
    await dialog.getByRole('combobox', { name: 'Тип владения' }).click();
    await page.getByRole('option', { name: 'Основное средство' }).click();
    await dialog.getByRole('checkbox', { name: 'Владелец не указан' }).check();
    await poll(() => dialog.getByRole('combobox', { name: 'Тип владения' }).getAttribute('aria-disabled')).toBe('true');
    await dialog.getByRole('checkbox', { name: 'Владелец не указан' }).uncheck();

    // A sum the contract refuses shows its message and is not sent.
    await dialog.getByRole('textbox', { name: 'Остаточная стоимость: от' }).fill('12,345');
    await dialog.getByText('Число, два знака после запятой').waitFor();
    await dialog.getByRole('textbox', { name: 'Остаточная стоимость: от' }).fill('');
    await poll(() => dialog.getByText('Число, два знака после запятой').count()).toBe(0);
    await screenshot(page, 'tools-list-filter-dialog');
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await expectCount(page, broken.itemsCount);
    expect(await chips(page).allTextContents()).toContain('Состояние: Неисправно');
    for (const state of await rows(page).locator('td:nth-child(10)').allTextContents()) expect(state).toBe('Неисправно');
    expect(asked.some((a) => a.filter.includes('12,345') || a.filter.includes('12.345'))).toBe(false);

    // The chip's cross clears its condition.
    await chips(page).filter({ hasText: 'Состояние: Неисправно' }).locator('svg').click();
    await expectCount(page, all.itemsCount);

    // Entering the screen again starts from the empty filter.
    await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Состояние' }).click();
    await page.getByRole('option', { name: 'Неисправно', exact: true }).click();
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await expectCount(page, broken.itemsCount);
    await page.getByRole('link', { name: 'Главная' }).click();
    await page.waitForURL(appUrl('/'));
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Список оборудования' }).click();
    await expectCount(page, all.itemsCount);
    expect((await chips(page).allTextContents()).some((c) => c.startsWith('Состояние'))).toBe(false);
    expectNoProblems(problems);
  });

  test('export asks with the count, then downloads the whole filtered list', async () => {
    const api = await apiAs('admin');
    const region = await regionOf(api);
    const expected = await listOf(api, region === null ? {} : { region_id: region });
    const { page, problems } = await browser.open();
    await openList(page, 'admin');
    await expectCount(page, expected.itemsCount);
    for (const [item, extension] of [
      ['Excel (xlsx)', '.xlsx'],
      ['Word (docx)', '.docx'],
    ] as const) {
      await page.getByRole('button', { name: 'Выгрузить' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      const question = page.getByRole('dialog', { name: 'Выгрузка списка' });
      await question.getByText(`Список содержит ${expected.itemsCount} единиц оборудования. Продолжить?`).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), question.getByRole('button', { name: 'Продолжить' }).click()]);
      expect(download.suggestedFilename().endsWith(extension)).toBe(true);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.length).toBeGreaterThan(3000);
    }
    // 'Отменить' downloads nothing.
    await page.getByRole('button', { name: 'Выгрузить' }).click();
    await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
    const question = page.getByRole('dialog', { name: 'Выгрузка списка' });
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await question.getByRole('button', { name: 'Отменить' }).click();
    await question.waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(downloads).toBe(0);
    expectNoProblems(problems);
  });

  test('copy and delete are there only with the write right; delete asks and the server answers', async () => {
    const { page: courtPage, problems: courtProblems } = await browser.open();
    await openList(courtPage, 'court');
    await poll(() => rows(courtPage).count()).toBeGreaterThan(0);
    expect(await table(courtPage).getByRole('button', { name: /^(Удалить|Копировать)/ }).count()).toBe(0);
    expect(await courtPage.getByRole('button', { name: 'Добавить оборудование' }).count()).toBe(0);
    expectNoProblems(courtProblems);

    const api = await apiAs('admin');
    const region = await regionOf(api);
    const base = region === null ? {} : { region_id: region };
    // The last tool of the region (other files start from the first ones), found by its serial number.
    const first = await listOf(api, base);
    const last = (await listOf(api, { ...base, pageNumber: first.pagesCount })).tools.at(-1)!;
    const serial = last.serial_number!;
    expect(serial).toBeTruthy();
    const { page, problems } = await browser.open();
    await openList(page, 'admin');
    await expectCount(page, first.itemsCount);

    // Copy opens a new card filled from the tool.
    const firstRow = rows(page).first();
    const firstId = Number(await firstRow.getAttribute('data-tool-id'));
    await firstRow.getByRole('button', { name: /^Копировать/ }).click();
    await page.waitForURL(appUrl(`/tools?copy=${firstId}`));
    await page.goBack();
    await page.waitForURL(appUrl('/tools'));

    await page.getByRole('button', { name: 'Фильтр', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр оборудования' });
    await dialog.getByRole('textbox', { name: 'Серийный номер' }).fill(serial);
    await dialog.getByRole('checkbox', { name: 'Серийный номер: точное совпадение' }).check();
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await expectCount(page, 1);
    expect(await rows(page).first().getAttribute('data-tool-id')).toBe(String(last.id));

    await rows(page).first().getByRole('button', { name: /^Удалить/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await confirm.getByText(/^Удалить оборудование/).waitFor();
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Удалено').first().waitFor();
    await expectCount(page, 0);
    expect((await listOf(api, base)).itemsCount).toBe(first.itemsCount - 1);
    expectNoProblems(problems);
  });

  test('a row click opens the card by the address; selecting text in the row does not', async () => {
    const { page, problems } = await browser.open();
    await openList(page, 'engineer');
    const row = rows(page).nth(1);
    const id = await row.getAttribute('data-tool-id');
    await row.locator('td').nth(5).click();
    await page.waitForURL(appUrl(`/tools?open=${id}`));
    await page.goBack();
    await page.waitForURL(appUrl('/tools'));
    // A double click selects a word: no card.
    await row.locator('td').nth(6).dblclick();
    await page.waitForTimeout(600);
    expect(page.url()).toBe(appUrl('/tools'));
    expectNoProblems(problems);
  });
});
