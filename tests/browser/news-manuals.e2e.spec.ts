import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const { open } = fileBrowser();
const PDF = Buffer.from('%PDF-1.4\n% news-manuals test\n%%EOF\n');
const unique = () => String(Date.now() % 1_000_000);

/** /gas-soft-renewal support news (administration.md 2.10, 4 file rules): add with a file, open, delete. */
describe('support news', () => {
  test('the administrator adds a news item for special software with a PDF, opens it and deletes it', async () => {
    const { page, problems } = await open();
    const api = await apiAs('admin');
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Техподдержка' }).click();
    await page.getByRole('menuitem', { name: 'Новости поддержки', exact: true }).click();
    await page.waitForURL(appUrl('/gas-soft-renewal'));
    await page.getByRole('heading', { name: 'Новости поддержки' }).waitFor();

    await page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: /^Новость поддержки: добавление/ });
    const title = `Обновление ${unique()}`;
    await dialog.getByLabel('Заголовок').fill(title);
    await dialog.getByLabel('Описание').fill('Новая версия с исправлениями');
    await dialog.getByRole('combobox', { name: 'Программное обеспечение' }).click();
    // Only special software is offered (the server refuses any other).
    const option = page.getByRole('listbox').getByRole('option').first();
    const program = (await option.textContent())?.trim() ?? '';
    expect(program).not.toBe('');
    await option.click();
    await dialog.getByLabel('Файлы').setInputFiles({ name: 'release-notes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'release-notes.pdf' }).waitFor();
    await withNotice(page, 'Сохранено', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: 'Новости поддержки' });
    const row = table.getByRole('row').filter({ hasText: title });
    await row.getByText(program, { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'release-notes.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('release-notes.pdf');
    expect(await readFile(await download.path())).toEqual(PDF);

    // Opening the row shows what was saved, the file kept.
    await row.getByRole('cell', { name: title, exact: true }).click();
    const edit = page.getByRole('dialog', { name: /^Новость поддержки: изменение/ });
    await expect.poll(() => edit.getByLabel('Заголовок').inputValue()).toBe(title);
    await edit.getByRole('button', { name: 'release-notes.pdf' }).waitFor();
    await screenshot(page, 'news-dialog');
    await edit.getByRole('button', { name: 'Отмена' }).click();
    await edit.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Удалить «${title}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await confirm.getByText(`Удалить новость «${title}»?`, { exact: true }).waitFor();
    await withNotice(page, 'Удалено', () => confirm.getByRole('button', { name: 'Удалить' }).click());
    await row.waitFor({ state: 'detached' });
    const stored = async () =>
      (await api.get<{ renewals: Array<{ title: string }> }>(`/gas_soft_renewals?filter=${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`)).renewals.some(
        (r) => r.title === title,
      );
    await poll(stored).toBe(false);
    expectNoProblems(problems);
  });
});

/** /manuals (administration.md 2.10): a folder, an item with a file in the split view, the folder's delete rule. */
describe('manuals', () => {
  test('the administrator adds a folder and an item with a PDF, downloads it, and cannot delete the folder until the item is gone', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Помощь' }).click();
    await page.getByRole('menuitem', { name: 'Обучающие материалы', exact: true }).click();
    await page.waitForURL(appUrl('/manuals'));
    await page.getByRole('heading', { name: 'Обучающие материалы' }).waitFor();
    // The splitter starts at 25 %.
    expect(await page.getByRole('separator').getAttribute('aria-valuenow')).toBe('25');

    const folder = `Папка ${unique()}`;
    await page.getByRole('button', { name: 'Добавить папку' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'Новая папка' });
    await folderDialog.getByLabel('Наименование папки').fill(folder);
    await withNotice(page, 'Сохранено', () => folderDialog.getByRole('button', { name: 'Сохранить' }).click());
    await folderDialog.waitFor({ state: 'detached' });
    const deleteFolder = page.getByRole('button', { name: `Удалить папку «${folder}»` });
    expect(await deleteFolder.isEnabled()).toBe(true);

    await page.getByRole('button', { name: `Добавить материал в «${folder}»` }).click();
    const itemDialog = page.getByRole('dialog', { name: 'Новый материал' });
    const item = `Инструкция ${unique()}`;
    await itemDialog.getByLabel('Наименование').fill(item);
    await itemDialog.getByLabel('Содержание').fill('Как подключить принтер');
    await itemDialog.getByLabel('Файлы').setInputFiles({ name: 'printer.pdf', mimeType: 'application/pdf', buffer: PDF });
    await itemDialog.getByRole('button', { name: 'printer.pdf' }).waitFor();
    await withNotice(page, 'Сохранено', () => itemDialog.getByRole('button', { name: 'Сохранить' }).click());
    await itemDialog.waitFor({ state: 'detached' });

    // A folder with an item cannot be deleted.
    await poll(() => deleteFolder.isDisabled()).toBe(true);
    await page.getByTestId('manuals-tree').getByRole('button', { name: item }).click();
    await page.getByRole('heading', { name: item }).waitFor();
    await page.getByText('Как подключить принтер').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'printer.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('printer.pdf');
    expect(await readFile(await download.path())).toEqual(PDF);
    await screenshot(page, 'manuals-split-view');

    await page.getByRole('button', { name: 'Удалить', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
    await confirm.getByText(`Удалить материал «${item}»?`, { exact: true }).waitFor();
    await withNotice(page, 'Удалено', () => confirm.getByRole('button', { name: 'Удалить' }).click());
    await poll(() => deleteFolder.isEnabled()).toBe(true);
    await deleteFolder.click();
    await page.getByRole('dialog', { name: 'Подтверждение' }).getByText(`Удалить папку «${folder}»?`, { exact: true }).waitFor();
    await withNotice(page, 'Удалено', () => page.getByRole('dialog', { name: 'Подтверждение' }).getByRole('button', { name: 'Удалить' }).click());
    await deleteFolder.waitFor({ state: 'detached' });
    expectNoProblems(problems);
  });
});

/** /public-docs (decisions 87–96): the four orders of the menu 'Документация', filled by the administrator, opened by users. */
describe('public orders', () => {
  test('the administrator replaces an order with a PDF (not with anything else); a user opens it from the menu in a new tab', async () => {
    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Администрирование' }).click();
    await page.getByRole('menuitem', { name: 'Приказы раздела «Документация»' }).click();
    await page.waitForURL(appUrl('/public-docs'));
    await page.getByRole('heading', { name: 'Приказы раздела «Документация»' }).waitFor();
    const row = page.getByTestId('order-order-3.pdf');
    // The demo loaded all four.
    await row.getByText('Загружен', { exact: true }).waitFor();
    await poll(() => page.getByRole('table', { name: 'Приказы' }).getByText('Загружен', { exact: true }).count()).toBe(4);

    await row.getByRole('button', { name: 'Заменить' }).click();
    await withNotice(page, 'Файл должен быть документом PDF', () => page.getByTestId('public-doc-file').setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') }));
    const order = Buffer.from(`%PDF-1.4\n% order 3 ${unique()}\n%%EOF\n`);
    await row.getByRole('button', { name: 'Заменить' }).click();
    await withNotice(page, 'Документ «order-3.pdf» загружен', () => page.getByTestId('public-doc-file').setInputFiles({ name: 'prikaz.pdf', mimeType: 'application/pdf', buffer: order }));
    await screenshot(page, 'public-docs');
    expectNoProblems(problems, [/status of 400/]);

    // A user: the menu item opens a new tab that turns into the PDF (the session goes with it).
    const user = await open();
    await signIn(user.page, 'engineer');
    // What the server sends the tab, taken on the way (the tab turns into the PDF at once, and a response's
    // body is gone once its page navigated away).
    const served = new Promise<{ status: number; body: Buffer }>((resolve) => {
      void user.context.route('**/api/public_docs/order-3.pdf', async (route) => {
        const response = await route.fetch();
        resolve({ status: response.status(), body: await response.body() });
        await route.fulfill({ response });
      });
    });
    await user.page.getByRole('button', { name: 'Документация' }).click();
    const [tab] = await Promise.all([user.page.waitForEvent('popup'), user.page.getByRole('menuitem', { name: 'Приказ о списании оборудования' }).click()]);
    // The tab then goes to the PDF's blob: address. Headless Chromium has no PDF viewer, so that navigation may end
    // as a download (net::ERR_ABORTED) instead of a page: either proves the tab turned into the document.
    const becamePdf = new Promise<string>((resolve) => {
      tab.on('download', (d) => resolve(d.url()));
      tab.on('framenavigated', (f) => {
        if (f === tab.mainFrame() && f.url().startsWith('blob:')) resolve(f.url());
      });
    });
    // The tab loads the app, fetches the order with the session's headers, then becomes the PDF.
    const response = await served;
    expect(response.status).toBe(200);
    expect(response.body).toEqual(order);
    expect(await becamePdf).toMatch(/^blob:/);
    // An address of no order says so instead of a broken page.
    await user.page.goto(appUrl('/public-order?name=order-9.pdf'));
    await user.page.getByText('Документ еще не загружен администратором').waitFor();
    expectNoProblems(user.problems);
  });
});
