import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, menuGroups, screenshot, signIn, withNotice, type OpenedPage } from '../support/browser-harness';
import { dialogClosed, findByNumber, requestDialog, requestTitle, searchOf } from '../support/browser-requests';
import { apiSession, choose, todayText, typeDate } from './request-dialog-host/host-page';

/**
 * One request's whole day through the real app (the built client as `npm start` serves it, the real
 * API): sign in and out, the menu by rights; the court registers a repair (a validation error first,
 * nothing saved), finds it with the list's filter; the engineer takes it, fills the hard repair and
 * saves, writes in the chat notifying the court's contact, who sees it under the bell; the СО-8 act
 * performs it, the history shows the day, and the engineer confirms it ('Заявка выполнена').
 * The steps build on each other and run in order.
 */

const browser = fileBrowser();

const freshPage = async (): Promise<OpenedPage> => {
  const o = await browser.open();
  return o;
};

const appSession = async (login: string): Promise<OpenedPage> => {
  const o = await freshPage();
  await signIn(o.page, login);
  return o;
};

const menuItems = async (page: Page, group: string): Promise<string[]> => {
  await page.getByRole('button', { name: group }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return items;
};

const signOut = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Учетная запись' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await page.waitForURL(appUrl('/'));
  await page.getByRole('link', { name: 'Войти в систему' }).waitFor();
  expect(await page.getByTestId('user-fio').count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Главное меню' }).count()).toBe(0);
};

/** Full-screen dialog in a tall window, so the whole tab is on the picture. */
const shootDialog = async (page: Page, dialog: Locator, name: string): Promise<void> => {
  await dialog.getByRole('button', { name: 'Развернуть на весь экран' }).click();
  await page.setViewportSize({ width: 1440, height: 2600 });
  await screenshot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Свернуть' }).click();
};

/** Requests of this year the court's list counts (GET /api/request, the list's default filter). */
const courtRequestCount = async () => (await (await apiSession('court')).call<{ itemsCount: number }>('GET', '/request')).data.itemsCount;

interface RequestSingle {
  request_status_id: number;
  request_performer_kind: string;
  repair_kind_id: number | null;
  repair_type_id: number | null;
  repair_result_id: number | null;
  view_res_before: number | null;
  view_res_after: number | null;
  date_repair_d: string | null;
  comment_after: string | null;
  hotlinegas_number: string | null;
  works: { title: string; cost?: number }[];
}
const requestAs = async (login: string, id: number) =>
  (await (await apiSession(login)).call<{ request: RequestSingle }>('GET', `/request_single/${id}`)).data.request;

const performerKind = (dialog: Locator) => dialog.getByRole('radiogroup', { name: 'Исполнитель (ГЛ/Филиал)' });

/** The request followed through the day, and the engineer's browser. */
let requestId = 0;
let requestNumber = 0;
let engineer: OpenedPage;
const MESSAGE = 'Принтер отремонтирован, заберите его в канцелярии';

describe('a request’s day in the real app', () => {
  test('sign in and out; the main menu follows the user’s rights', async () => {
    const { page, problems } = await freshPage();
    await page.goto(appUrl('/'));
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Войти в систему' }).click();
    await page.waitForURL(appUrl('/login'));
    await screenshot(page, 'request-dialog-day-login');
    await signIn(page, 'admin');
    // The whole menu of each role is tests/browser/menu-rights.e2e.spec.ts; here the request items.
    expect(await menuGroups(page)).toContain('Техподдержка');
    expect(await menuItems(page, 'Техподдержка')).toEqual(['Новая заявка', 'Создать группу заявок', 'Список заявок', 'Заявки головного исполнителя', 'Новости поддержки']);
    await signOut(page);

    await signIn(page, 'court');
    expect(await page.getByTestId('user-fio').textContent()).toBe('Кузнецова Мария Александровна');
    // The court may create and read requests: no group creation, no head-performer list ...
    expect(await menuItems(page, 'Техподдержка')).toEqual(['Новая заявка', 'Список заявок', 'Новости поддержки']);
    await screenshot(page, 'request-dialog-day-home-court');
    // ... and its address goes Home.
    await page.goto(appUrl('/requests-hot-line'));
    await page.waitForURL(appUrl('/'));
    await signOut(page);
    expectNoProblems(problems);
  });

  test('the court registers a repair: a validation error first (the Russian message, nothing saved), then correctly', async () => {
    const { page, problems } = await appSession('court');
    const before = await courtRequestCount();
    // 'Новая заявка' of the menu opens the list with a new request.
    await page.getByRole('button', { name: 'Техподдержка' }).click();
    await page.getByRole('menuitem', { name: 'Новая заявка' }).click();
    await expect.poll(() => searchOf(page)).toBe('?new=1');
    const dialog = requestDialog(page);
    await dialog.waitFor();
    expect(await requestTitle(page).textContent()).toBe('Ожидание регистрации');
    // The performer kind is chosen at registration: FILIAL by default.
    expect(await performerKind(dialog).getByRole('radio', { name: 'Филиал' }).isChecked()).toBe(true);
    expect(await performerKind(dialog).getByRole('radio', { name: 'Филиал' }).isDisabled()).toBe(false);

    await choose(page, dialog, 'Объект', 'Басманный районный суд г. Москвы, здание 2');
    await choose(page, dialog, 'Контактное лицо', 'Кузнецова Мария Александровна');
    await choose(page, dialog, 'Тип заявки', 'Ремонт оборудования');
    await dialog.getByLabel('Описание', { exact: true }).fill('Нет');
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await dialog.getByText('Введите описание').waitFor();
    await screenshot(page, 'request-dialog-day-new-invalid');
    expect(await requestTitle(page).textContent()).toBe('Ожидание регистрации');
    expect(searchOf(page)).toBe('?new=1');
    expect(await courtRequestCount()).toBe(before);

    await dialog.getByLabel('Описание', { exact: true }).fill('Не работает принтер в канцелярии');
    await dialog.getByRole('button', { name: 'Выбрать', exact: true }).click();
    await page.getByRole('dialog', { name: 'Поиск оборудования' }).getByRole('row').filter({ hasText: 'Принтер' }).first().click();
    await expect.poll(() => dialog.getByLabel('Оборудование', { exact: true }).inputValue()).toMatch(/^Принтер /);
    expect(await dialog.getByText('Введите описание').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect.poll(() => requestTitle(page).textContent(), { timeout: 15_000 }).toMatch(/^Заявка № \d+ от .* · Ремонт оборудования · Ожидает исполнителя$/);
    requestNumber = Number(/№ (\d+)/.exec((await requestTitle(page).textContent()) ?? '')?.[1]);
    // The address follows the registered request.
    await expect.poll(() => new URL(page.url()).searchParams.get('open')).not.toBeNull();
    requestId = Number(new URL(page.url()).searchParams.get('open'));
    expect(await courtRequestCount()).toBe(before + 1);
    expect((await requestAs('court', requestId)).request_performer_kind).toBe('FILIAL');
    // A saved request shows its performer kind read-only.
    expect(await performerKind(dialog).getByRole('radio', { name: 'Филиал' }).isChecked()).toBe(true);
    expect(await performerKind(dialog).getByRole('radio', { name: 'Филиал' }).isDisabled()).toBe(true);
    expect(await performerKind(dialog).getByRole('radio', { name: 'ГЛ (головной исполнитель)' }).isDisabled()).toBe(true);
    await screenshot(page, 'request-dialog-day-created');
    await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await dialogClosed(page);
    expectNoProblems(problems);
  });

  test('the court finds it with the list’s filter', async () => {
    const { page, problems } = await appSession('court');
    await page.getByRole('button', { name: 'Техподдержка' }).click();
    await page.getByRole('menuitem', { name: 'Список заявок' }).click();
    await page.waitForURL(appUrl('/requests'));
    const row = await findByNumber(page, requestNumber);
    expect(await row.textContent()).toContain('Не работает принтер в канцелярии');
    expect(await row.textContent()).toContain('Ожидает исполнителя');
    await screenshot(page, 'request-dialog-day-court-list');
    expectNoProblems(problems);
  });

  test('the engineer finds it the same way, takes it, fills the hard repair and saves', async () => {
    engineer = await appSession('engineer');
    const { page } = engineer;
    await page.goto(appUrl('/requests'));
    await (await findByNumber(page, requestNumber)).click();
    const dialog = requestDialog(page);
    await expect.poll(() => requestTitle(page).textContent()).toMatch(new RegExp(`^Заявка № ${requestNumber} от .* · Ожидает исполнителя$`));
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await dialog.getByRole('button', { name: 'Принять к исполнению' }).click();
    await expect.poll(() => requestTitle(page).textContent()).toMatch(/· Исполняется$/);
    expect(await page.getByTestId('request-dialog-executors').textContent()).toBe('Исполнители: Петров Иван Сергеевич');

    const today = todayText();
    await choose(page, dialog, 'Тип гарантийности', 'Негарантийный');
    await choose(page, dialog, 'Результат осмотра до ремонта', 'Требуется ремонт');
    await dialog.getByLabel('Комментарий до ремонта', { exact: true }).fill('Неисправен термоблок');
    await choose(page, dialog, 'Вид ремонта', 'Силами филиала');
    await choose(page, dialog, 'Результат ремонта', 'Полностью');
    await typeDate(dialog, 'Дата ремонта', today);
    await choose(page, dialog, 'Результат осмотра после ремонта', 'Работоспособно');
    await dialog.getByLabel('Комментарий после ремонта', { exact: true }).fill('Печатает без замечаний');
    await dialog.getByRole('button', { name: 'Добавить строку' }).last().click();
    const works = dialog.getByRole('table', { name: 'Работы' });
    await works.getByLabel('Описание работы').fill('Замена термоблока');
    await works.getByLabel('Стоимость').fill('1200');
    await dialog.getByRole('tab', { name: 'Заявка', exact: true }).click();
    await dialog.getByLabel('Номер на ГЛ', { exact: true }).fill(`ГЛ-${requestNumber}`);
    await withNotice(page, 'Заявка сохранена', () => dialog.getByRole('button', { name: 'Сохранить' }).click());

    expect(await requestAs('engineer', requestId)).toMatchObject({
      request_status_id: 3,
      repair_kind_id: 2,
      repair_type_id: 6,
      repair_result_id: 1,
      view_res_before: 1,
      date_repair_d: today.split('.').reverse().join('-'),
      comment_after: 'Печатает без замечаний',
      hotlinegas_number: `ГЛ-${requestNumber}`,
      works: [{ title: 'Замена термоблока', cost: 1200 }],
    });
    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await shootDialog(page, dialog, 'request-dialog-day-repair');
    expectNoProblems(engineer.problems);
  });

  test('the engineer writes in the chat choosing the court’s contact to notify', async () => {
    const { page } = engineer;
    const dialog = requestDialog(page);
    await dialog.getByRole('tab', { name: 'Чат по заявке' }).click();
    const form = dialog.getByRole('form', { name: 'Новое сообщение' });
    await form.getByLabel('Сообщение', { exact: true }).fill(MESSAGE);
    await form.getByRole('checkbox', { name: /Кузнецова Мария Александровна/ }).check();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByRole('list', { name: 'Сообщения по заявке' }).getByText(MESSAGE).waitFor();
    expect(await form.getByLabel('Сообщение', { exact: true }).inputValue()).toBe('');
    await shootDialog(page, dialog, 'request-dialog-day-chat');
    expectNoProblems(engineer.problems);
  });

  test('the notified user signs in: the bell counts the message, its list opens the request’s chat', async () => {
    const { page, problems } = await appSession('court');
    const bell = page.getByRole('button', { name: /^Уведомления/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Уведомления: новых [1-9]\d*$/);
    const count = Number(/\d+$/.exec((await bell.getAttribute('aria-label')) ?? '')?.[0]);
    await bell.click();
    const list = page.getByRole('list', { name: 'Уведомления' });
    const item = list.getByRole('listitem').filter({ hasText: `Сообщение по заявке №${requestNumber}` });
    await item.waitFor();
    await screenshot(page, 'request-dialog-day-notification');

    await item.getByRole('button', { name: 'Открыть заявку' }).click();
    await page.waitForURL(appUrl(`/requests?open=${requestId}&tab=chat`));
    const dialog = requestDialog(page);
    await dialog.getByRole('list', { name: 'Сообщения по заявке' }).getByText(MESSAGE).waitFor();
    const court = await apiSession('court');
    const unread = async () =>
      (await court.call<{ notifications: { object_id: number | null }[] }>('GET', `/notifications/${court.user.id}`)).data.notifications.filter(
        (n) => n.object_id === requestId,
      ).length;
    await expect.poll(unread).toBe(0);
    await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await dialogClosed(page);
    // Read: the bell (hidden from the accessibility tree while the dialog was open) counts one less.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Уведомления: новых ${count - 1}`);
    await signOut(page);
    expectNoProblems(problems);
  });

  test('the СО-8 act performs it; the history shows the day; the engineer confirms it and signs out', async () => {
    const { page, problems } = engineer;
    const dialog = requestDialog(page);
    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await dialog.getByRole('button', { name: 'Добавить документ' }).click();
    const add = page.getByRole('dialog', { name: 'Добавить документ' });
    await add.locator('input[type="file"]').setInputFiles({ name: `co8-${requestNumber}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    await choose(page, add, 'Вид акта', 'Акт СО-8');
    // An uploaded act carries its number and date (decisions 72–86).
    await add.getByLabel(/^Номер акта/).fill(`СР-${requestNumber}/2026`);
    await add.getByLabel(/^Дата акта/).pressSequentially(todayText().replaceAll('.', ''));
    await add.getByRole('button', { name: 'Добавить' }).click();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => requestTitle(page).textContent(), { timeout: 15_000 }).toMatch(/· Выполнена$/);
    await dialog.getByRole('table', { name: 'Документы' }).getByRole('button', { name: `co8-${requestNumber}.pdf` }).waitFor();

    await dialog.getByRole('tab', { name: 'История' }).click();
    const history = dialog.getByRole('table', { name: 'История' });
    await history.locator('tbody tr[data-change-row]').first().waitFor();
    const rows = async () =>
      history.locator('tbody tr[data-change-row]').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    await expect.poll(rows).toContainEqual(['Состояние', 'Исполняется', 'Выполнена']);
    const seen = await rows();
    expect(seen).toContainEqual(['Состояние', 'Ожидает исполнителя', 'Исполняется']);
    expect(seen).toContainEqual(['Вид ремонта', '', 'Силами филиала']);
    expect(seen).toContainEqual(['Номер на ГЛ', '', `ГЛ-${requestNumber}`]);
    expect(seen).toContainEqual(['Работы', '', expect.stringContaining('Замена термоблока')]);
    await shootDialog(page, dialog, 'request-dialog-day-history');

    await dialog.getByRole('tab', { name: 'Движение' }).click();
    await dialog.getByRole('button', { name: 'Заявка выполнена' }).click();
    await expect.poll(() => requestTitle(page).textContent(), { timeout: 15_000 }).toMatch(/· Закрыта$/);
    expect(await dialog.getByRole('button', { name: 'Заявка выполнена' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await dialogClosed(page);
    const row = page.getByRole('table', { name: 'Список заявок' }).locator('tbody tr').first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Закрыта');
    await screenshot(page, 'request-dialog-day-closed');
    await signOut(page);
    // Signed out, the list's address goes Home.
    await page.goto(appUrl('/requests'));
    await page.waitForURL(appUrl('/'));
    expectNoProblems(problems);
  });
});
