import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs as signedInApi, appUrl, expectNoProblems, launchBrowser, openPage, screenshot, signIn, withNotice } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and a reload after a change waits for the read models. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * What the request lists let users do (requests.md 2.1, 2.2, 2.5): the menu items by right,
 * delete, number/date change, group creation and the head-performer list.
 */

/** The harness's API client, with the calls this file repeats. */
const apiAs = async (login: string) => {
  const api = await signedInApi(login);
  const { call } = api;
  return {
    ...api,
    count: async (filter: object) => (await call<{ itemsCount: number }>('GET', `/request/${encodeURIComponent(JSON.stringify(filter))}`)).itemsCount,
    register: async (request: Record<string, unknown>) =>
      (await call<{ savedRequest: { id: number; number: number } }>('POST', '/request', { request })).savedRequest,
  };
};

type Api = Awaited<ReturnType<typeof apiAs>>;

let browser: Browser;
let chief: Api;
let senior: Api;
let courtUserId: number;
let courtUnit: number;
const year = new Date().getFullYear();

beforeAll(async () => {
  browser = await launchBrowser();
  chief = await apiAs('chief');
  senior = await apiAs('senior');
  const court = await apiAs('court');
  courtUserId = court.user.id;
  courtUnit = (await court.get<{ user_unit: Array<{ id: number }> }>('/user_unit')).user_unit[0]!.id;
  const place = { region_id: 1, unit_id: courtUnit };
  await senior.register({ ...place, request_kind_id: 11, request_performer_kind: 'SENIOR', contact_kind: 2, contact_unknown_name: 'Сидоров Павел', contact_unknown_email: 'sidorov@example.ru', request_text: 'Вопрос по обновлению программного изделия' });
  await senior.register({ ...place, request_kind_id: 8, request_performer_kind: 'SENIOR', contact_kind: 1, contact_id: courtUserId, request_text: 'Задача головному исполнителю: проверить обмен' });
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.locator('table[aria-label="Список заявок"]');
const counter = (page: Page) => page.getByTestId('items-count');
const rowOf = (page: Page, id: number) => table(page).locator(`tr[data-request-id="${id}"]`);

const expectCount = async (page: Page, count: number) => {
  await poll(() => counter(page).textContent()).toBe(`Всего: ${count}`);
  await poll(() => table(page).getAttribute('aria-busy')).toBe('false');
};

const supportItems = async (page: Page) => {
  await page.getByRole('button', { name: 'Техподдержка' }).click();
  const items = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  return items;
};

/** A new task in the court user's unit, registered by the chief. */
const newTask = (text: string) => chief.register({ region_id: 1, unit_id: courtUnit, request_kind_id: 8, contact_kind: 1, contact_id: courtUserId, request_text: text });

describe('the request list menu items appear by right (requests.md 6)', () => {
  test.each([
    ['chief', ['Новая заявка', 'Создать группу заявок', 'Список заявок', 'Новости поддержки']],
    ['court', ['Новая заявка', 'Список заявок', 'Новости поддержки']],
    ['senior', ['Новая заявка', 'Список заявок', 'Заявки головного исполнителя', 'Новости поддержки']],
    ['hotline', ['Список заявок', 'Заявки головного исполнителя', 'Новости поддержки']],
  ] as const)('%s', async (login, expected) => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, login);
    expect(await supportItems(page)).toEqual(expected);
    await page.keyboard.press('Escape');
    expectNoProblems(problems);
    await context.close();
  });

  test("'Новая заявка' opens a new request over the list; the address alone opens and closes it", async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'court');
    await page.goto(appUrl('/requests'));
    await table(page).waitFor();
    await supportItems(page);
    await page.getByRole('menuitem', { name: 'Новая заявка' }).click();
    await page.waitForURL(appUrl('/requests?new=1'));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Back: the address has no dialog any more, so neither has the page.
    await page.goBack();
    await page.waitForURL(appUrl('/requests'));
    await dialog.waitFor({ state: 'detached' });
    // The court user may not create groups: ?group=1 opens nothing.
    await page.goto(appUrl('/requests?group=1'));
    await table(page).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expectNoProblems(problems);
    await context.close();
  });
});

describe('row actions of the chief (requests.md 2.1)', () => {
  test("delete: 'Удалить заявку №N?', then the server's 'Заявка удалена'", async () => {
    const doomed = await newTask('Заявка для удаления из списка');
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'chief');
    await page.goto(appUrl('/requests'));
    const before = await chief.count({});
    await expectCount(page, before);
    await rowOf(page, doomed.id).getByRole('button', { name: `Удалить заявку №${doomed.number}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await confirm.getByText(`Удалить заявку №${doomed.number}?`).waitFor();
    await screenshot(page, 'requests-list-delete-confirm');
    await withNotice(page, /^Заявка удалена$/, () => confirm.getByRole('button', { name: 'Удалить' }).click());
    await expectCount(page, before - 1);
    expect(await rowOf(page, doomed.id).count()).toBe(0);
    expectNoProblems(problems);
    await context.close();
  });

  test("change number ('Введите целое число' for letters) and registration date", async () => {
    const request = await newTask('Заявка для смены номера и даты');
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'chief');
    await page.goto(appUrl('/requests'));
    await rowOf(page, request.id).waitFor();
    await rowOf(page, request.id).getByRole('button', { name: `Изменить номер или дату заявки №${request.number}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Номер и дата заявки №${request.number}`) });
    await dialog.waitFor();
    const number = dialog.getByRole('textbox', { name: 'Новый номер' });
    expect(await number.inputValue()).toBe(String(request.number));
    // Said while typing (a Cyrillic letter after digits), before any press of 'Сохранить'.
    await number.fill('');
    await number.pressSequentially('12а');
    await dialog.getByText('Введите целое число').waitFor();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Введите целое число').waitFor();
    await screenshot(page, 'requests-list-change-number');
    const newNumber = 7000 + (request.id % 1000);
    await number.fill(String(newNumber));
    await withNotice(page, /^Номер заявки изменен$/, () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });
    await poll(() => rowOf(page, request.id).locator('td').nth(3).textContent()).toBe(String(newNumber));

    await rowOf(page, request.id).getByRole('button', { name: `Изменить номер или дату заявки №${newNumber}` }).click();
    const again = page.getByRole('dialog', { name: new RegExp(`^Номер и дата заявки №${newNumber}`) });
    await again.getByRole('radio', { name: 'Дату регистрации' }).check();
    await again.getByRole('textbox', { name: 'Новая дата регистрации' }).fill(`1503${year}`);
    await withNotice(page, /^Дата заявки изменена$/, () => again.getByRole('button', { name: 'Сохранить' }).click());
    // An older date moves the request down the list (newest first): find it by its number.
    await page.getByRole('button', { name: 'Фильтр' }).click();
    const filter = page.getByRole('dialog', { name: 'Фильтр заявок' });
    await filter.getByRole('textbox', { name: 'Номер заявки' }).fill(String(newNumber));
    await expectCount(page, 1);
    await poll(() => rowOf(page, request.id).locator('td').nth(2).textContent()).toBe(`15.03.${year}`);
    expectNoProblems(problems);
    await context.close();
  });
});

describe('group creation (requests.md 2.5)', () => {
  test("the chief creates one request per chosen object, after 'Укажите объекты' and 'Введите описание'", async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'chief');
    await supportItems(page);
    await page.getByRole('menuitem', { name: 'Создать группу заявок' }).click();
    await page.waitForURL(appUrl('/requests?group=1'));
    const dialog = page.getByRole('dialog', { name: 'Создать группу заявок' });
    await dialog.waitFor();

    // 'Отменить' closes it by the address (?group=1 goes), the menu opens it again.
    await dialog.getByRole('button', { name: 'Отменить' }).click();
    await page.waitForURL(appUrl('/requests'));
    await dialog.waitFor({ state: 'detached' });
    await supportItems(page);
    await page.getByRole('menuitem', { name: 'Создать группу заявок' }).click();
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Укажите объекты').waitFor();
    await dialog.getByText('Введите описание').waitFor();
    await dialog.getByRole('textbox', { name: 'Описание неисправности' }).fill('Сбой');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Введите описание').waitFor();
    await screenshot(page, 'requests-list-group-errors');

    await dialog.getByRole('combobox', { name: 'Регион' }).click();
    await page.getByRole('option', { name: 'г. Москва' }).click();
    await dialog.getByRole('combobox', { name: 'Объекты' }).click();
    const options = page.getByRole('option');
    const chosen = [(await options.nth(0).textContent())!, (await options.nth(1).textContent())!];
    await options.nth(0).click();
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('textbox', { name: 'Описание неисправности' }).fill('Не работает видеоконференцсвязь в залах заседаний');
    await dialog.getByTestId('group-files-input').setInputFiles({ name: 'акт осмотра.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 акт') });
    await dialog.getByRole('list', { name: 'Выбранные документы' }).getByText('акт осмотра.pdf').waitFor();
    expect(await dialog.getByText('Укажите объекты').count()).toBe(0);
    for (const name of chosen) await dialog.getByRole('button', { name }).waitFor();
    await screenshot(page, 'requests-list-group-dialog');

    const before = await chief.count({});
    await withNotice(page, /^Создано заявок: 2$/, () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await page.waitForURL(appUrl('/requests'));
    await expectCount(page, before + 2);
    const texts = await table(page).locator('tbody tr').locator('td:nth-child(10)').allTextContents();
    expect(texts.slice(0, 2)).toEqual(['Не работает видеоконференцсвязь в залах заседаний', 'Не работает видеоконференцсвязь в залах заседаний']);
    expectNoProblems(problems);
    await context.close();
  });
});

describe('the head-performer list (requests.md 2.2)', () => {
  test('shows SENIOR requests without the performer column; its filter adds the hot line fields', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'senior');
    await supportItems(page);
    await page.getByRole('menuitem', { name: 'Заявки головного исполнителя' }).click();
    await page.waitForURL(appUrl('/requests-hot-line'));
    await page.getByRole('heading', { name: 'Заявки головного исполнителя' }).waitFor();
    const seniorCount = await senior.count({ request_performer_kind: 'SENIOR' });
    expect(seniorCount).toBeGreaterThanOrEqual(2);
    await expectCount(page, seniorCount);
    const headers = (await table(page).locator('thead th').allTextContents()).map((t) => t.trim()).filter((t) => t && t !== 'Действия');
    expect(headers).toEqual(['№', 'Дата регистрации', 'Номер', 'Номер на ГЛ', 'Дата исполнения', 'Организация', 'Тип', 'Состояние', 'Содержание']);
    await page.getByRole('button', { name: 'Создать заявку' }).waitFor();
    await page.getByRole('button', { name: 'Выгрузить' }).waitFor();
    await screenshot(page, 'requests-hot-line-list');

    await page.getByRole('button', { name: 'Фильтр' }).click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр заявок головного исполнителя' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Инженер ГЛ' }).click();
    // decisions 33–40: the full name, then the hot line marker (it was shown inside the name).
    const hotlineNames = await page.getByRole('option').allTextContents();
    expect(hotlineNames).toContain('Техподдержка ГАС «Правосудие» (ГЛ)');
    expect(hotlineNames.filter((n) => n.includes('Дмитриевич (ГЛ)'))).toEqual([]);
    expect(hotlineNames.filter((n) => n.includes('(ГЛ) '))).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Вид заявителя' }).click();
    await page.getByRole('option', { name: 'Незарегистрированный пользователь' }).click();
    await expectCount(page, await senior.count({ request_performer_kind: 'SENIOR', contact_kind: 2 }));
    await dialog.getByRole('textbox', { name: 'Незарегистрированный заявитель' }).fill('сидоров');
    await expectCount(page, await senior.count({ request_performer_kind: 'SENIOR', contact_kind: 2, contact_unknown_name: 'сидоров' }));
    await screenshot(page, 'requests-hot-line-filter');

    // The preset is SENIOR; choosing every performer kind is a condition of its own.
    await dialog.getByRole('combobox', { name: 'Исполнитель (ГЛ/Филиал)' }).click();
    await page.getByRole('option', { name: 'Все' }).click();
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    const chips = await page.getByRole('list', { name: 'Условия фильтра' }).getByRole('listitem').allTextContents();
    expect(chips).toEqual([`Зарегистрированы: 01.01.${year} – 31.12.${year}`, 'Исполнитель: все', 'Вид заявителя: Незарегистрированный пользователь', 'Заявитель: сидоров']);
    await page.getByRole('button', { name: 'Сбросить фильтр' }).click();
    await expectCount(page, seniorCount);
    expectNoProblems(problems);
    await context.close();
  });
});
