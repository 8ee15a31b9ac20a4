import { describe, expect, test } from 'vitest';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const { open } = fileBrowser();

interface VersionRow {
  id: number;
  version: string;
  notes: string;
}

/** Version history on /about (administration.md 2.3 Help, 2.10, 6): the rich-text editor round trip. */
describe('version history', () => {
  test('the administrator adds an entry with bold text and a list from the menu, edits it and deletes it', async () => {
    const { page, problems } = await open();
    const api = await apiAs('admin');
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Помощь' }).click();
    await page.getByRole('menuitem', { name: 'История версий', exact: true }).click();
    await page.waitForURL(appUrl('/about#versions'));
    const section = page.getByRole('region', { name: 'История версий' });
    await section.getByRole('button', { name: 'Добавить' }).click();

    const dialog = page.getByRole('dialog', { name: 'Новая запись истории версий' });
    const version = `9.${Date.now() % 100000}`;
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Укажите версию').waitFor();
    await dialog.getByLabel('Версия').fill(version);
    const editor = dialog.getByRole('textbox', { name: 'Описание изменений' });
    await editor.click();
    await dialog.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.type('Новое окно');
    await dialog.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Маркированный список' }).click();
    await page.keyboard.type('первый пункт');
    await withNotice(page, 'Сохранено', () => dialog.getByRole('button', { name: 'Сохранить' }).click());
    await dialog.waitFor({ state: 'detached' });

    const entry = section.getByTestId('version-entry').filter({ hasText: `Версия ${version}` });
    await entry.locator('strong', { hasText: 'Новое окно' }).waitFor();
    await entry.locator('li', { hasText: 'первый пункт' }).waitFor();
    const stored = async () => (await api.get<{ versions: VersionRow[] }>('/versions-history')).versions.find((v) => v.version === version);
    // The editor may keep an empty paragraph after the list (its trailing node).
    await poll(async () => (await stored())?.notes).toMatch(/^<p><strong>Новое окно<\/strong><\/p><ul><li><p>первый пункт<\/p><\/li><\/ul>(<p><\/p>)?$/);
    // Newest first: the new entry (today) heads the list.
    expect(await section.getByTestId('version-entry').first().textContent()).toContain(`Версия ${version}`);

    await entry.getByRole('button', { name: `Изменить версию ${version}` }).click();
    const edit = page.getByRole('dialog', { name: 'Изменить запись истории версий' });
    await edit.getByRole('textbox', { name: 'Описание изменений' }).click();
    // At the end of the text: a paragraph after the list.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('второй пункт');
    await withNotice(page, 'Сохранено', () => edit.getByRole('button', { name: 'Сохранить' }).click());
    await entry.getByText('второй пункт').waitFor();
    await screenshot(page, 'about-version-history');

    await entry.getByRole('button', { name: `Удалить версию ${version}` }).click();
    await page.getByRole('dialog', { name: 'Подтверждение' }).getByText(`Удалить запись о версии ${version}?`).waitFor();
    await withNotice(page, 'Удалено', () => page.getByRole('dialog', { name: 'Подтверждение' }).getByRole('button', { name: 'Удалить' }).click());
    await entry.waitFor({ state: 'detached' });
    await poll(stored).toBeUndefined();
    // The empty save above was answered 400 on purpose.
    expectNoProblems(problems, [/status of 400/]);
  });
});

/** /units-import (administration.md 2.10, 5): check, import, the same paste again. */
describe('units import', () => {
  test('the administrator checks a paste, sees the bad row with its reason, imports and finds the organisation', async () => {
    const { page, problems } = await open();
    const api = await apiAs('admin');
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Импорт объектов', exact: true }).click();
    await page.waitForURL(appUrl('/units-import'));
    await page.getByRole('heading', { name: 'Импорт объектов' }).waitFor();

    const code = `78RS${String(7000 + (Date.now() % 2000)).padStart(4, '0')}`;
    const name = `Импортированный суд ${code}`;
    await page.getByLabel('Строки для импорта').fill(`${code}\t${name}\t\tг. Санкт-Петербург, ул. Садовая, д. 3\n78QQ0001\tНеизвестный`);
    await page.getByRole('button', { name: 'Проверить' }).click();
    const result = page.getByTestId('units-import-result');
    await result.getByText('Будет создано: 1; будет обновлено: 0; уже существуют без изменений: 0; строк с ошибками: 1').waitFor();
    const bad = page.getByRole('table', { name: 'Строки с ошибками' });
    await bad.getByRole('row', { name: /^2\s+78QQ0001.*Неизвестный вид организации «QQ» в VNCODE/ }).waitFor();

    await withNotice(page, 'Импорт завершен', () => page.getByRole('button', { name: 'Импортировать' }).click());
    await result.getByText('Создано: 1; обновлено: 0; уже существуют без изменений: 0; строк с ошибками: 1').waitFor();
    const found = async () =>
      (await api.get<{ organizations: Array<{ name: string; is_host: boolean; units: unknown[] }> }>(`/organization?vncode=${code}`)).organizations;
    await poll(async () => (await found()).map((o) => [o.name, o.is_host, o.units.length])).toEqual([[name, false, 1]]);

    // The same paste again: the organisation is counted as already existing.
    await page.getByRole('button', { name: 'Импортировать' }).click();
    await result.getByText('Создано: 0; обновлено: 0; уже существуют без изменений: 1; строк с ошибками: 1').waitFor();
    await screenshot(page, 'units-import');
    expectNoProblems(problems);
  });
});
