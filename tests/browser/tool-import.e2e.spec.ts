import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { IMPORT_COLUMNS } from '../../domain/tool-import';
import { appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 30 s: the machine is shared and the import runs as a job. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

/**
 * The Excel import dialog (equipment.md 2, 5; decisions 48–56) from the Equipment menu. Only files that the
 * server refuses are imported here, so the demo registry other browser tests read stays as it is;
 * the writing import is covered by tests/integration/tool-import.
 */
const browser = fileBrowser();

const xlsx = async (header: readonly string[], rows: Array<Array<string | null>>): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Лист1');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

describe('the Excel import dialog', () => {
  test('opens from the menu, needs an object and a file, lists every row error with its row and writes nothing', async () => {
    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Оборудование', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Импорт из Excel' }).click();
    await page.waitForURL((url) => url.pathname === '/tools' && url.searchParams.get('import') === '1');
    const dialog = page.getByRole('dialog', { name: 'Импорт оборудования из Excel' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Импортировать' }).click();
    await poll(() => dialog.getByText('Выберите объект').count()).toBeGreaterThan(0);
    await poll(() => dialog.getByText('Выберите файл').count()).toBeGreaterThan(0);

    const unit = dialog.getByRole('combobox', { name: 'Объект' });
    await unit.click();
    await page.getByRole('option').first().click();
    // Two rows with only a serial number: six missing cells each (code, kind, manufacturer, model, ownership, state).
    const file = await xlsx(IMPORT_COLUMNS, [
      [null, null, null, null, null, null, 'SN-1', null, null, null, null, null, null, null],
      [null, null, null, null, null, null, 'SN-2', null, null, null, null, null, null, null],
    ]);
    await dialog.locator('input[type="file"]').setInputFiles([{ name: 'реестр.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file }]);
    await dialog.getByRole('button', { name: 'Импортировать' }).click();
    const result = dialog.getByRole('region', { name: 'Результат импорта' });
    await result.waitFor({ timeout: 30_000 });
    await poll(() => result.getByRole('alert').textContent()).toContain('Добавлено комплектов: 0, учетных единиц: 0, ошибок: 12');
    const errors = await result.getByRole('list', { name: 'Ошибки импорта' }).getByRole('listitem').allTextContents();
    expect(errors).toHaveLength(12);
    expect(errors[0]).toBe('Строка 2 («Код объекта»): не указан код объекта');
    expect(errors[11]).toBe('Строка 3 («Состояние»): не указано состояние');
    await screenshot(page, 'tool-import-errors');

    // A file whose columns are not the 14 of the template.
    await dialog.locator('input[type="file"]').setInputFiles([{ name: 'другой.xlsx', mimeType: 'application/octet-stream', buffer: await xlsx(['Код', 'Объект'], [['1', '2']]) }]);
    await dialog.getByRole('button', { name: 'Импортировать' }).click();
    await poll(() => dialog.getByRole('region', { name: 'Результат импорта' }).getByRole('alert').textContent()).toBe('Неверная структура колонок файла');

    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await page.waitForURL(appUrl('/tools'));
    expectNoProblems(problems);
  });
});
