import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsxRows } from '../../../../commands/tool-import/xlsx-rows';
import { cellText, parseDateCell } from '../../../../domain/tool-import';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'xlsx-rows-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = async (date1904: boolean) => {
  const wb = new ExcelJS.Workbook();
  wb.properties.date1904 = date1904;
  const ws = wb.addWorksheet('Лист1');
  ws.addRow(['Заголовок']);
  ws.addRow([date1904 ? 45301 - 1462 : 45301, new Date(Date.UTC(2024, 0, 10))]);
  ws.getRow(2).getCell(2).numFmt = 'dd.mm.yyyy';
  const padded = ws.getRow(3).getCell(1);
  padded.value = 123;
  padded.numFmt = '000000';
  const file = path.join(dir, `${date1904}.xlsx`);
  await wb.xlsx.writeFile(file);
  return file;
};

/** The streaming reader as the import uses it: the workbook's date system, dates, zero-padded numbers. */
describe('readXlsxRows', () => {
  for (const date1904 of [false, true])
    it(`reads serial and Date cells of a ${date1904 ? '1904' : '1900'} workbook and keeps leading zeros`, async () => {
      const r = readXlsxRows(await write(date1904));
      const rows = [];
      for await (const row of r.rows) rows.push(row);
      expect(r.date1904()).toBe(date1904);
      expect(rows.map((x) => x.row)).toEqual([1, 2, 3]);
      expect(parseDateCell(rows[1]!.cells[0], r.date1904())).toEqual({ ok: true, value: '2024-01-10' });
      expect(parseDateCell(rows[1]!.cells[1], r.date1904())).toEqual({ ok: true, value: '2024-01-10' });
      expect(cellText(rows[2]!.cells[0], rows[2]!.numFmts?.[0])).toBe('000123');
    });
});
