import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { IMPORT_COLUMNS } from '../../domain/tool-import';
import { apiAs, appUrl, expectNoProblems, fileBrowser, screenshot, signIn } from '../support/browser-harness';

/** Polls for up to 30 s: the machine is shared and the import runs as a job. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

/**
 * Issue 33 in the import dialog: tools open requests name are listed on a confirm step, and the result
 * panel says what became of each. The test writes only into an object it creates (a new court from the
 * units import), so the demo registry other browser tests read stays as it is.
 */
const browser = fileBrowser();

type Api = Awaited<ReturnType<typeof apiAs>>;

const xlsx = async (rows: Array<Array<string | number | null>>): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Лист1');
  ws.addRow([...IMPORT_COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** A new court with one building, and the catalogue titles a valid row names. */
const setUp = async (api: Api) => {
  const code = `77RS${String(9000 + Math.floor(Math.random() * 1000)).padStart(4, '0')}`;
  const name = `Суд для импорта ${code}`;
  await api.call('POST', '/units_import', { text: `VNCODE\tНаименование\n${code}\t${name}` });
  const { units } = await api.get<{ units: Array<{ id: number; name: string; vncode: string | null; region_id: number }> }>('/unit');
  const unit = units.find((u) => u.name === name)!;
  expect(unit, name).toBeDefined();
  const models = (await api.get<{ tool_model: Array<{ id: number; model?: string; title?: string; tool_kind_id: number; manufacturer_id: number }> }>('/tool_model')).tool_model;
  const model = models[0]!;
  const kind = (await api.get<{ toolKind: { title: string } }>(`/tool_kind/${model.tool_kind_id}`)).toolKind.title;
  const manufacturer = (await api.get<{ manufacturer: { title: string } }>(`/manufacturer/${model.manufacturer_id}`)).manufacturer.title;
  const row = (i: number) => [`${code}-${i}`, name, '', kind, manufacturer, model.model ?? model.title ?? '', `SN-BR-${code}-${i}`, `ИН-${i}`, 'Основное средство', '10.01.2024', 12, 'В работе', `Учетная единица ${i}`, ''];
  return { code, name, unit, row };
};

/** An import through the API, waited for (the setup's registry; nothing is protected yet). */
const importByApi = async (api: Api, unitId: number, content: Buffer) => {
  const res = await api.raw('POST', '/tools_import', { unitId: String(unitId) }, true, [{ field: 'file', name: 'реестр.xlsx', content }]);
  expect(res.status).toBe(200);
  const { jobId } = (await res.json()) as { jobId: string };
  await poll(async () => (await api.get<{ state: string; result: { ok: boolean } | null }>(`/tools_import/${jobId}`)).result?.ok).toBe(true);
};

describe('the Excel import dialog with tools under open requests', () => {
  test('lists them for confirmation, then says what became of each', async () => {
    const api = await apiAs('admin');
    const { unit, row, code } = await setUp(api);
    await importByApi(api, unit.id, await xlsx([row(1), row(2), row(3)]));
    const listTools = async () => (await api.get<{ tools: Array<{ id: number; serial_number: string }> }>(`/tool?unit_id=${unit.id}`)).tools;
    // The list is a read model: on a loaded machine it may show the import a little later.
    await poll(async () => (await listTools()).length).toBe(3);
    const tools = await listTools();
    const toolOf = (i: number) => tools.find((x) => x.serial_number === `SN-BR-${code}-${i}`)!;
    const repair = async (toolId: number) =>
      (await api.call<{ savedRequest: { number: number } }>('POST', '/request', {
        request: { region_id: unit.region_id, unit_id: unit.id, request_kind_id: 2, contact_kind: 2, contact_unknown_name: 'Петров П. П.', contact_unknown_email: 'petrov@example.ru', request_text: 'Не включается', tool_id: toolId },
      }, true)).savedRequest.number;
    const n1 = await repair(toolOf(1).id);
    const n2 = await repair(toolOf(2).id);

    const { page, problems } = await browser.open();
    await signIn(page, 'admin');
    await page.goto(appUrl('/tools?import=1'));
    const dialog = page.getByRole('dialog', { name: 'Импорт оборудования из Excel' });
    await dialog.waitFor();
    const object = dialog.getByRole('combobox', { name: 'Объект' });
    await object.fill(code);
    await page.getByRole('option', { name: new RegExp(code) }).first().click();
    // The new file has tool 1 (by its serial number) and a new one, not tool 2.
    await dialog.locator('input[type="file"]').setInputFiles([{ name: 'реестр.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await xlsx([row(1), row(4)]) }]);
    await dialog.getByRole('button', { name: 'Импортировать' }).click();

    const confirm = dialog.getByRole('region', { name: 'Подтверждение импорта' });
    await confirm.waitFor({ timeout: 30_000 });
    await poll(() => confirm.getByRole('alert').textContent()).toContain('В объекте есть оборудование, указанное в незавершённых заявках');
    const listed = await confirm.getByRole('list', { name: 'Оборудование под незавершёнными заявками' }).getByRole('listitem').allTextContents();
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(`с/н SN-BR-${code}-1`);
    expect(listed[0]).toContain(`(заявки № ${n1}): будет обновлено по строке 2`);
    expect(listed[1]).toContain(`с/н SN-BR-${code}-2`);
    expect(listed[1]).toContain(`(заявки № ${n2}): будет сохранено с отметкой «не найдено при импорте»`);
    // Nothing was written yet: the object still has its three tools.
    expect((await listTools()).map((x) => x.id).sort()).toEqual(tools.map((x) => x.id).sort());
    await screenshot(page, 'tool-import-confirm');

    await dialog.getByRole('button', { name: 'Подтвердить импорт' }).click();
    const result = dialog.getByRole('region', { name: 'Результат импорта' });
    await result.waitFor({ timeout: 30_000 });
    await poll(() => result.getByRole('alert').textContent()).toContain('Импорт выполнен. Добавлено комплектов: 0, учетных единиц: 1, ошибок: 0');
    const kept = await result.getByRole('list', { name: 'Сохранённое оборудование' }).getByRole('listitem').allTextContents();
    expect(kept[0]).toContain('обновлено по строке 2');
    expect(kept[1]).toContain('сохранено с отметкой «не найдено при импорте»');
    await poll(async () => (await listTools()).map((x) => x.id).includes(toolOf(3).id)).toBe(false);
    expect((await listTools()).map((x) => x.id)).toEqual(expect.arrayContaining([toolOf(1).id, toolOf(2).id]));
    await screenshot(page, 'tool-import-kept');
    expectNoProblems(problems);
  });
});
