import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a list after a change waits for the read model. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const { open } = fileBrowser();

/** Changes through the API as the administrator (to prepare what the page should meet). */
const adminApi = async () => (await apiAs('admin')).call;

const table = (page: Page, title: string) => page.getByRole('table', { name: title });
const headers = (page: Page, title: string) => table(page, title).getByRole('columnheader').allTextContents();
const cells = (page: Page, title: string) => table(page, title).locator('tbody td:first-child').allTextContents();

/** The generic reference screen (administration.md 2.10, 5, 8; equipment.md 2). */
describe('the generic reference screen', () => {
  test('the administrator adds, finds, changes and deletes a position with the spec notices', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin');
    // The menu item leads to the screen once its route exists.
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Должности', exact: true }).click();
    await page.waitForURL(appUrl('/posts'));
    await page.getByRole('heading', { name: 'Должности' }).waitFor();
    expect(await headers(page, 'Должности')).toEqual(['Наименование', '']);

    const title = `Секретарь ${Date.now()}`;
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Должности: добавление' });
    // The catalogue's own schema checks the form before anything is sent (administration.md 5).
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Значение от 1 до 100 символов').waitFor();
    await dialog.getByLabel('Наименование').fill(title);
    await withNotice(page, 'Сохранено', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    // The text filter finds it (after the 500 ms debounce).
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(title);
    await poll(() => cells(page, 'Должности')).toEqual([title]);
    await poll(() => page.getByTestId('items-count').textContent()).toBe('Всего: 1');
    await screenshot(page, 'catalog-posts');

    // A row click opens the edit dialog with the item's values.
    await table(page, 'Должности').getByRole('cell', { name: title, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Должности: изменение' });
    expect(await edit.getByLabel('Наименование').inputValue()).toBe(title);
    const renamed = `${title} суда`;
    await edit.getByLabel('Наименование').fill(renamed);
    await withNotice(page, 'Сохранено', () => edit.getByRole('button', { name: 'Сохранить' }).click());
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(renamed);
    await poll(() => cells(page, 'Должности')).toEqual([renamed]);

    // Delete asks first; 'Отменить' keeps the row.
    await page.getByRole('button', { name: `Удалить «${renamed}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await poll(() => confirm.textContent()).toContain(`Удалить запись «${renamed}»?`);
    await confirm.getByRole('button', { name: 'Отменить' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await cells(page, 'Должности')).toEqual([renamed]);
    await page.getByRole('button', { name: `Удалить «${renamed}»` }).click();
    await withNotice(page, 'Удалено', () => confirm.getByRole('button', { name: 'Удалить' }).click());
    await poll(() => cells(page, 'Должности')).toEqual(['Нет записей']);
    await poll(() => page.getByTestId('items-count').textContent()).toBe('Всего: 0');
    expectNoProblems(problems);
  });

  test('other references render their columns, filters and own notices', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.goto(appUrl('/services-repairs'));
    await page.getByRole('heading', { name: 'Сервисные центры' }).waitFor();
    expect(await headers(page, 'Сервисные центры')).toEqual(['Наименование', 'Регион', 'Адрес', 'Телефон', 'ФИО руководителя', 'Тип', '']);
    // The region and type filters of administration.md 2.10 beside the text filter.
    await page.getByRole('combobox', { name: 'Регион' }).waitFor();
    await page.getByRole('combobox', { name: 'Тип' }).waitFor();
    await page.getByRole('searchbox', { name: 'Наименование' }).waitFor();
    await screenshot(page, 'catalog-services-repairs');

    // Equipment kinds save with their own notice (administration.md 8).
    await page.goto(appUrl('/tools-kinds'));
    await page.getByRole('heading', { name: 'Виды оборудования' }).waitFor();
    expect(await headers(page, 'Виды оборудования')).toEqual(['Наименование', 'Характеристики', 'Обновляемое ПО', '']);
    const kind = `Плоттер ${Date.now()}`;
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Виды оборудования: добавление' });
    await dialog.getByLabel('Наименование').fill(kind);
    await dialog.getByLabel('Обновляемое ПО').check();
    await withNotice(page, 'Вид оборудования сохранен', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(kind);
    await poll(() => table(page, 'Виды оборудования').locator('tbody tr').first().locator('td').allTextContents()).toEqual([kind, '0', 'Да', '']);

    // Typical faults: a request kind, the description and several equipment kinds (a multi-select).
    await page.goto(appUrl('/common-disrepairs'));
    await page.getByRole('heading', { name: 'Типовые неисправности технических средств' }).waitFor();
    expect(await headers(page, 'Типовые неисправности технических средств')).toEqual(['Тип заявки', 'Виды оборудования', 'Неисправность', '']);
    await page.getByRole('button', { name: 'Добавить' }).click();
    const fault = page.getByRole('dialog', { name: 'Типовые неисправности технических средств: добавление' });
    await fault.getByRole('button', { name: 'Сохранить' }).click();
    await fault.getByText('Укажите неисправность').waitFor();
    await fault.getByRole('combobox', { name: 'Тип заявки' }).click();
    const requestKind = page.getByRole('option').nth(1);
    const requestKindTitle = (await requestKind.textContent()) ?? '';
    await requestKind.click();
    const description = `Не печатает ${Date.now()}`;
    await fault.getByLabel('Неисправность').fill(description);
    await fault.getByRole('combobox', { name: 'Виды оборудования' }).click();
    const kindOptions = page.getByRole('option');
    const kindTitles = [(await kindOptions.nth(0).textContent()) ?? '', (await kindOptions.nth(1).textContent()) ?? ''];
    await kindOptions.nth(0).click();
    await kindOptions.nth(1).click();
    await page.keyboard.press('Escape');
    await withNotice(page, 'Сохранено', () => fault.getByRole('button', { name: 'Сохранить' }).click());
    await page.getByRole('searchbox', { name: 'Неисправность' }).fill(description);
    await poll(() => table(page, 'Типовые неисправности технических средств').locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      requestKindTitle,
      kindTitles.join(', '),
      description,
      '',
    ]);
    await screenshot(page, 'catalog-common-disrepairs');
    // The equipment-kind filter (administration.md 2.10): the fault is listed under its kinds only.
    const kindFilter = page.getByRole('combobox', { name: 'Вид оборудования', exact: true });
    await kindFilter.click();
    await page.getByRole('option', { name: kindTitles[0], exact: true }).click();
    await poll(() => page.getByRole('cell', { name: description, exact: true }).count()).toBe(1);
    await kindFilter.click();
    const filterOptions = await page.getByRole('option').allTextContents();
    const otherKind = filterOptions.find((o) => o !== 'Все' && !kindTitles.includes(o))!;
    await page.getByRole('option', { name: otherKind, exact: true }).click();
    await poll(() => page.getByRole('cell', { name: description, exact: true }).count()).toBe(0);

    // Programs: the distribution number and subsystem only for special software (СПО).
    await page.goto(appUrl('/programs'));
    await page.getByRole('heading', { name: 'Программное обеспечение' }).waitFor();
    await page.getByRole('button', { name: 'Добавить' }).click();
    const program = page.getByRole('dialog', { name: 'Программное обеспечение: добавление' });
    await program.getByLabel('Версия').waitFor();
    expect(await program.getByLabel('Номер дистрибутива').count()).toBe(0);
    await program.getByRole('combobox', { name: 'Тип программного обеспечения' }).click();
    await page.getByRole('option', { name: 'СПО', exact: true }).click();
    await program.getByLabel('Номер дистрибутива').waitFor();
    await program.getByRole('combobox', { name: 'Подсистема ГАС «Правосудие»' }).waitFor();
    await program.getByRole('button', { name: 'Отменить' }).click();

    // Regions: the two e-mail options as radio pairs for the holder of the set-engineer-email right.
    await page.goto(appUrl('/regions'));
    await page.getByRole('heading', { name: 'Регионы' }).waitFor();
    await page.getByRole('button', { name: 'Добавить' }).click();
    const regionDialog = page.getByRole('dialog', { name: 'Регионы: добавление' });
    const email = regionDialog.getByRole('radiogroup', { name: 'Письмо инженеру' });
    const assign = regionDialog.getByRole('radiogroup', { name: 'Назначение инженера' });
    // A new region starts with both off.
    expect(await email.getByRole('radio', { name: 'Не отправлять автоматически', exact: true }).isChecked()).toBe(true);
    expect(await assign.getByRole('radio', { name: 'Не назначать автоматически', exact: true }).isChecked()).toBe(true);
    await assign.getByRole('radio', { name: 'Назначать автоматически', exact: true }).check();
    expect(await assign.getByRole('radio', { name: 'Не назначать автоматически', exact: true }).isChecked()).toBe(false);
    await screenshot(page, 'catalog-region-dialog');
    await regionDialog.getByRole('button', { name: 'Отменить' }).click();
    expectNoProblems(problems);
  });

  test('a user who may read but not edit sees no add or delete, and a read-only dialog with Закрыть', async () => {
    const { page, problems } = await open();
    await signIn(page, 'engineer');
    await page.goto(appUrl('/manufacturers'));
    await page.getByRole('heading', { name: 'Производители' }).waitFor();
    await poll(() => page.getByTestId('items-count').textContent()).toMatch(/^Всего: \d+$/);
    expect(await page.getByRole('button', { name: 'Добавить' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Удалить/ }).count()).toBe(0);
    expect(await headers(page, 'Производители')).toEqual(['Наименование']);

    const rows = table(page, 'Производители').locator('tbody tr');
    await poll(() => rows.count()).toBeGreaterThan(0);
    const first = (await rows.first().textContent()) ?? '';
    await rows.first().click();
    const dialog = page.getByRole('dialog', { name: 'Производители' });
    await expect.poll(() => dialog.getByLabel('Наименование').inputValue()).toBe(first);
    expect(await dialog.getByLabel('Наименование').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'catalog-manufacturers-read-only');

    // A reference the engineer has no right for (posts: FULL) sends them Home.
    await page.goto(appUrl('/posts'));
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
  });

  test("the server's 400 shows at its field and nothing is saved", async () => {
    const call = await adminApi();
    const region = `Регион ${Date.now()}`;
    const { id } = await call<{ id: number }>('POST', '/regions', {
      region: { title: region, code: 99, filial_title: 'Филиал', filial_phone: '1', instrumental_case: 'Регионом' },
    });
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.goto(appUrl('/services-repairs'));
    await page.getByRole('heading', { name: 'Сервисные центры' }).waitFor();
    // The region goes after the page cached the regions: only the server can know it is gone.
    await call('DELETE', `/regions/${id}`);

    const title = `Сервис ${Date.now()}`;
    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Сервисные центры: добавление' });
    await dialog.getByLabel('Наименование').fill(title);
    await dialog.getByRole('combobox', { name: 'Регион' }).click();
    await page.getByRole('option', { name: region, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Тип' }).click();
    await page.getByRole('option', { name: 'Сервисный центр', exact: true }).click();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Регион не найден').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Отменить' }).click();
    await page.getByRole('searchbox', { name: 'Наименование' }).fill(title);
    await poll(() => cells(page, 'Сервисные центры')).toEqual(['Нет записей']);
    // The browser logs the refused call itself; nothing else went wrong.
    expectNoProblems(problems, [/status of 400/]);
  });
});
