import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appUrl, DEMO_PASSWORD, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/**
 * The equipment card (equipment.md 2, 3, 5; decisions 41–47) on the real server, opened from /tools the way
 * the list opens it (?new=1, ?open={id}): the engineer registers a tool with a picture and a document,
 * edits it, records a movement and a location and reads its history; the court only reads.
 */

const browser = fileBrowser();
/** Polls for up to 15 s: the read models follow the events a moment later. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const apiAs = async (login: string) => {
  const signin = await fetch(appUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: DEMO_PASSWORD }),
  });
  const user = (await signin.json()) as { id: number; accessToken: string };
  let token = user.accessToken;
  return async <T>(pathname: string): Promise<T> => {
    const response = await fetch(appUrl(`/api${pathname}`), { headers: { userId: String(user.id), accessToken: token } });
    token = response.headers.get('freshtoken') ?? token;
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
};

interface Card {
  id: number;
  state: number;
  serial_number: string;
  inventar_number: string | null;
  work_in_dt: string | null;
  filesListDocs: { file_name: string }[];
  filesListPictures: { file_name: string }[];
  tool_movings: { event_id: number; comment: string | null }[];
  tool_places: { room: string; man_fio: string | null }[];
}
const cardAs = async (login: string, id: number) => (await (await apiAs(login))<{ tool: Card }>(`/tool_card/${id}`)).tool;

const choose = async (page: Page, scope: Locator, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
};
const typeDate = async (scope: Locator, label: string, ddmmyyyy: string) => {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill('');
  await input.pressSequentially(ddmmyyyy.replaceAll('.', ''));
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('.');
const selectedTab = async (dialog: Locator) => (await dialog.getByRole('tab', { selected: true }).textContent())?.trim();

const serial = `E2E-${Date.now()}`;
let toolId = 0;

const openCard = async (page: Page, id: number) => {
  await page.goto(appUrl(`/tools?open=${id}`));
  const dialog = page.getByRole('dialog', { name: 'Оборудование' });
  await dialog.getByLabel('Серийный номер', { exact: true }).waitFor();
  await poll(() => dialog.getByLabel('Серийный номер', { exact: true }).inputValue()).not.toBe('');
  return dialog;
};
const save = async (page: Page, dialog: Locator) => {
  const answer = page.waitForResponse((r) => /\/api\/tool(\/\d+)?$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET');
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  return (await response.json()) as { id: number };
};

describe('equipment card (equipment.md 2)', () => {
  test('engineer: General blocks leaving while invalid; a tool is registered with a document and a picture', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'engineer');
    await page.goto(appUrl('/tools?new=1'));
    const dialog = page.getByRole('dialog', { name: 'Новое оборудование' });
    await dialog.waitFor();
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Общие', 'Характеристики', 'Документы', 'Изображения', 'Перемещение', 'Размещение']);

    // Leaving General with errors is blocked, and the shared schema's messages show at the fields.
    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await dialog.getByText('Укажите вид оборудования').waitFor();
    expect(await selectedTab(dialog)).toBe('Общие');
    await dialog.getByText('Укажите серийный номер').waitFor();

    await choose(page, dialog, 'Объект', 'Басманный районный суд г. Москвы, здание 1');
    await choose(page, dialog, 'Вид оборудования', 'Принтер');
    await choose(page, dialog, 'Производитель', 'HP');
    await dialog.getByRole('combobox', { name: 'Наименование' }).click();
    await page.getByRole('option', { name: 'LaserJet Pro M404dn' }).click();
    await dialog.getByLabel('Серийный номер', { exact: true }).fill(` ${serial}`);
    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await dialog.getByText('Неверный формат').waitFor();
    expect(await selectedTab(dialog)).toBe('Общие');
    await dialog.getByLabel('Серийный номер', { exact: true }).fill(serial);

    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await poll(() => selectedTab(dialog)).toBe('Документы');
    const docsInput = dialog.locator('#tool-tab-documents input[type="file"]');
    await docsInput.setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.alloc(8, 1) }]);
    await dialog.getByText('Допустимые типы документов: png, jpeg, jpg, pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z').waitFor();
    await dialog.getByRole('button', { name: 'Удалить setup.exe' }).click();
    await docsInput.setInputFiles([{ name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') }]);
    await dialog.getByText('passport.pdf').waitFor();

    await dialog.getByRole('tab', { name: 'Изображения' }).click();
    await dialog.locator('#tool-tab-pictures input[type="file"]').setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: PNG }]);
    await dialog.getByTestId('picture-position').filter({ hasText: '1 из 1 · photo.png' }).waitFor();
    await screenshot(page, 'tool-card-new');

    toolId = (await save(page, dialog)).id;
    expect(toolId).toBeGreaterThan(0);
    const card = await cardAs('engineer', toolId);
    expect(card.serial_number).toBe(serial);
    expect(card.state).toBe(5);
    expect(card.filesListDocs.map((f) => f.file_name)).toEqual(['passport.pdf']);
    expect(card.filesListPictures.map((f) => f.file_name)).toEqual(['photo.png']);
    expectNoProblems(problems, [/status of 400/]);
  });

  test('engineer: edits the tool (commissioning), adds a movement and a location, reads the history', async () => {
    expect(toolId).toBeGreaterThan(0);
    const { page, problems } = await browser.open();
    await signIn(page, 'engineer');
    let dialog = await openCard(page, toolId);
    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await dialog.getByRole('button', { name: 'Скачать passport.pdf' }).waitFor();
    await dialog.getByRole('tab', { name: 'Изображения' }).click();
    await dialog.getByRole('img', { name: 'photo.png' }).waitFor();
    await dialog.getByRole('tab', { name: 'Общие' }).click();

    // In work needs an inventory number and a commissioning date (equipment.md 4, 5).
    await choose(page, dialog, 'Состояние', 'В работе');
    await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await dialog.getByText('Укажите инвентарный номер').waitFor();
    await dialog.getByLabel('Инвентарный номер', { exact: true }).fill(`INV-${serial}`);
    await typeDate(dialog, 'Дата ввода в эксплуатацию', daysAgo(30));
    await choose(page, dialog, 'Гарантия, месяцев', '12');
    await poll(() => dialog.getByLabel('Окончание гарантии').inputValue()).not.toBe('');
    await save(page, dialog);
    await poll(async () => (await cardAs('engineer', toolId)).state).toBe(1);
    expect((await cardAs('engineer', toolId)).inventar_number).toBe(`INV-${serial}`);

    dialog = await openCard(page, toolId);
    await dialog.getByRole('tab', { name: 'Перемещение' }).click();
    await dialog.getByRole('button', { name: 'Добавить перемещение' }).click();
    const moving = page.getByRole('dialog', { name: 'Перемещение оборудования' });
    await moving.getByRole('button', { name: 'Добавить', exact: true }).click();
    await moving.getByText('Укажите событие').waitFor();
    await choose(page, moving, 'Событие', 'Поступление');
    await moving.getByLabel('Комментарий').fill('Поставка по контракту');
    await moving.getByRole('button', { name: 'Добавить', exact: true }).click();
    await dialog.getByRole('cell', { name: 'Поставка по контракту' }).waitFor();

    await dialog.getByRole('tab', { name: 'Размещение' }).click();
    await dialog.getByRole('button', { name: 'Добавить размещение' }).click();
    const place = page.getByRole('dialog', { name: 'Размещение оборудования' });
    await place.getByRole('button', { name: 'Добавить', exact: true }).click();
    await place.getByText('Укажите помещение').waitFor();
    await place.getByLabel('Помещение').fill('Зал 5');
    await place.getByLabel('ФИО').fill('Сидоров П. П.');
    await place.getByRole('button', { name: 'Добавить', exact: true }).click();
    await dialog.getByRole('cell', { name: 'Зал 5' }).waitFor();
    await save(page, dialog);
    await poll(async () => (await cardAs('engineer', toolId)).tool_places.map((p) => p.room)).toEqual(['Зал 5']);
    const card = await cardAs('engineer', toolId);
    expect(card.tool_movings).toEqual([expect.objectContaining({ event_id: 1, comment: 'Поставка по контракту' })]);

    dialog = await openCard(page, toolId);
    await dialog.getByRole('tab', { name: 'История' }).click();
    const history = dialog.getByRole('table', { name: 'История' });
    await poll(() => history.getByRole('row').count()).toBeGreaterThan(3);
    await screenshot(page, 'tool-card-history');
    expectNoProblems(problems, [/status of 400/]);
  });

  test('engineer: a copy starts a new card (serial, inventory and files cleared); software only for updatable kinds', async () => {
    expect(toolId).toBeGreaterThan(0);
    const { page, problems } = await browser.open();
    await signIn(page, 'engineer');
    await page.goto(appUrl(`/tools?copy=${toolId}`));
    const dialog = page.getByRole('dialog', { name: 'Новое оборудование' });
    await poll(() => dialog.getByRole('combobox', { name: 'Наименование' }).inputValue()).toBe('LaserJet Pro M404dn');
    expect(await dialog.getByLabel('Серийный номер', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByLabel('Инвентарный номер', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByRole('tab').allTextContents()).not.toContain('История');
    expect(await dialog.getByRole('tab').allTextContents()).not.toContain('Программное обеспечение');
    await dialog.getByLabel('Серийный номер', { exact: true }).fill(`${serial}-COPY`);
    await dialog.getByLabel('Инвентарный номер', { exact: true }).fill(`INV-${serial}-COPY`);
    await dialog.getByRole('tab', { name: 'Документы' }).click();
    await dialog.getByText('Документов нет').waitFor();

    // A software-updatable kind shows the Software tab; its chooser wants a type first (equipment.md 5).
    await dialog.getByRole('tab', { name: 'Общие' }).click();
    await choose(page, dialog, 'Вид оборудования', 'Автоматизированное рабочее место');
    await dialog.getByRole('tab', { name: 'Программное обеспечение' }).click();
    await dialog.getByRole('button', { name: 'Добавить программу' }).click();
    const chooser = page.getByRole('dialog', { name: 'Выбор программного обеспечения' });
    await chooser.getByRole('button', { name: 'Добавить', exact: true }).click();
    await chooser.getByText('Укажите тип программного обеспечения').waitFor();
    await chooser.getByRole('button', { name: 'Отмена' }).click();
    await dialog.getByRole('tab', { name: 'Общие' }).click();
    await choose(page, dialog, 'Вид оборудования', 'Принтер');
    await choose(page, dialog, 'Производитель', 'HP');
    await dialog.getByRole('combobox', { name: 'Наименование' }).fill('LaserJet Pro M404dn');
    const { id } = await save(page, dialog);
    expect(id).not.toBe(toolId);
    const copy = await cardAs('engineer', id);
    expect(copy.serial_number).toBe(`${serial}-COPY`);
    expect(copy.state).toBe(1);
    expect(copy.filesListDocs).toEqual([]);
    expect(copy.tool_places.map((p) => p.room)).toEqual(['Зал 5']);
    expectNoProblems(problems, [/status of 400/]);
  });

  test('engineer: a save over a newer revision answers 409 and the card reloads; server field errors show at the field and in red', async () => {
    expect(toolId).toBeGreaterThan(0);
    const first = await browser.open();
    const second = await browser.open();
    await signIn(first.page, 'engineer');
    await signIn(second.page, 'engineer');
    const stale = await openCard(first.page, toolId);
    const fresh = await openCard(second.page, toolId);
    await fresh.getByLabel('Примечание').fill('Проверено инженером');
    await save(second.page, fresh);

    await stale.getByLabel('Примечание').fill('Устаревшая правка');
    await stale.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const conflict = first.page.getByRole('dialog', { name: 'Оборудование изменено' });
    await conflict.waitFor();
    await screenshot(first.page, 'tool-card-conflict');
    // The user's edit is still there under the question (the card is hidden from the accessibility tree meanwhile).
    expect(await first.page.locator('textarea[name="description"]').inputValue()).toBe('Устаревшая правка');
    await conflict.getByRole('button', { name: 'Обновить' }).click();
    await poll(() => stale.getByLabel('Примечание').inputValue()).toBe('Проверено инженером');
    expect((await cardAs('engineer', toolId)).serial_number).toBe(serial);

    // A 400 the server alone knows: its field message at the field, its message in the red notice.
    await first.page.route('**/api/tool/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Серийный номер уже занят', errors: { serial_number: 'Такой серийный номер уже есть' } }) })
        : route.fallback(),
    );
    await stale.getByLabel('Примечание').fill('Ещё одна правка');
    await stale.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await stale.getByTestId('tool-card-notice').filter({ hasText: 'Серийный номер уже занят' }).waitFor();
    await stale.getByText('Такой серийный номер уже есть').waitFor();
    expectNoProblems(first.problems, [/status of 409/, /status of 400/]);
    expectNoProblems(second.problems);
  });

  test('court: the card opens read-only (no write right: fields disabled, no Save)', async () => {
    const get = await apiAs('court');
    const { tools } = await get<{ tools: { id: number }[] }>(`/tool/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    expect(tools.length).toBeGreaterThan(0);
    const { page, problems } = await browser.open();
    await signIn(page, 'court');
    const dialog = await openCard(page, tools[0]!.id);
    expect(await dialog.getByLabel('Серийный номер', { exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Вид оборудования' }).getAttribute('aria-disabled')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    await dialog.getByRole('tab', { name: 'Размещение' }).click();
    expect(await dialog.getByRole('button', { name: 'Добавить размещение' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });
    expectNoProblems(problems);
  });
});
