import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import { expect } from 'vitest';
import { IMPORT_COLUMNS } from '../../../domain/tool-import';
import type { ApiClient, TestApp } from '../../support/app';

/** The engineer's object with its vncode, and catalogue titles a valid row names. */
export const importFacts = async (t: TestApp) => {
  const pool = t.server.ctx.pool;
  const eng = await pool.one(sql.unsafe`SELECT units FROM rm_users WHERE login = 'engineer'`);
  const unit = Number((eng.units as number[])[0]);
  const u = await pool.one(sql.unsafe`
    SELECT u.name, u.region_id, COALESCE(NULLIF(u.vncode, ''), o.vncode) AS vncode FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id WHERE u.id = ${unit}`);
  const m = await pool.one(sql.unsafe`
    SELECT m.data->>'model' AS model, k.title AS kind, mf.title AS manufacturer FROM rm_catalog_items m
    JOIN rm_catalog_items k ON k.catalog = 'tool_kind' AND k.id = (m.data->>'tool_kind_id')::int
    JOIN rm_catalog_items mf ON mf.catalog = 'manufacturer' AND mf.id = (m.data->>'manufacturer_id')::int
    WHERE m.catalog = 'tool_model' AND NOT m.deleted ORDER BY m.id LIMIT 1`);
  const setKind = String(await pool.oneFirst(sql.unsafe`SELECT title FROM rm_catalog_items WHERE catalog = 'tools_sets_names' AND NOT deleted ORDER BY id LIMIT 1`));
  return {
    unit, unitName: String(u.name), regionId: Number(u.region_id), vncode: String(u.vncode),
    model: String(m.model), kind: String(m.kind), manufacturer: String(m.manufacturer), setKind,
  };
};
export type ImportFacts = Awaited<ReturnType<typeof importFacts>>;

export type Cells = Array<string | number | Date | null>;

/** A valid row; `i` makes serials unique (`SN-IMP-i` unless `serial` says otherwise). */
export const importRow = (f: ImportFacts, i: number, over: Partial<Record<number, string | number | null>> = {}): Cells => {
  const cells: Cells = [`${f.vncode}-${i}`, f.unitName, '', f.kind, f.manufacturer, f.model, `SN-IMP-${i}`, `ИН-${i}`, 'Основное средство', '10.01.2024', 12, 'В работе', `Учетная единица ${i}`, ''];
  for (const [k, v] of Object.entries(over)) cells[Number(k)] = v ?? null;
  return cells;
};

export const importXlsx = async (rows: Cells[], header: readonly string[] = IMPORT_COLUMNS): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Лист1');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

export interface ImportView {
  state: string;
  result: Record<string, unknown> & { errors: string[] };
  message: string | null;
}

/** Starts an import (with the confirmed token, if any) and waits for its end (a short poll). */
export const runImportAs = async (client: ApiClient, unitId: number, content: Buffer, confirmToken?: string): Promise<ImportView> => {
  const res = await client.multipart('POST', '/api/tools_import', { unitId: String(unitId), ...(confirmToken ? { confirmToken } : {}) }, [{ field: 'file', name: 'реестр.xlsx', content }]);
  expect(res.statusCode, res.body).toBe(200);
  const { jobId } = res.json() as { jobId: string };
  for (;;) {
    const view = (await client.get(`/api/tools_import/${jobId}`)).json() as ImportView;
    if (view.state !== 'running') return view;
    await new Promise((r) => setTimeout(r, 50));
  }
};
