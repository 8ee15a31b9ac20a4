/**
 * The Excel import's figures (decisions 48–56, `npm run bench -- --only import`): a generated 20,000-row
 * file imported end to end (upload, validation of every row, the registry replaced in one
 * transaction) in at most 20 s with the server's peak RSS at most 400 MB, and a file with 1,000
 * planted errors that must report all 1,000 and write nothing. Called by bench/run.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql, type DatabasePool } from 'slonik';
import { IMPORT_COLUMNS } from '../domain/tool-import';
import type { ApiClient } from './lib/http';
import { peakRssDuring } from './lib/server';

export interface ImportBenchDeps {
  readonly pool: DatabasePool;
  readonly serverUrl: string;
  readonly serverPid: number;
  /** A client holding RIGHT_TOOLS_IMPORT FULL and RIGHT_TOOLS_READ over the chosen unit. */
  readonly client: ApiClient;
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const MB = 1024 * 1024;

/** Writes the file with the streaming writer (the generator itself stays small). */
const generate = async (file: string, rows: number, plantEvery: number | null, refs: { vncode: string; kind: string; manufacturer: string; model: string; setKind: string }) => {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Оборудование');
  ws.addRow([...IMPORT_COLUMNS]).commit();
  let planted = 0;
  for (let i = 0; i < rows; i++) {
    const bad = plantEvery !== null && i % plantEvery === 0;
    if (bad) planted += 1;
    // Every 4 rows share an inventory number and form a set; every 10th row has no number.
    const inv = i % 10 === 9 ? 'б/н' : `ИНВ-${String(Math.floor(i / 4)).padStart(6, '0')}`;
    ws.addRow([
      `${refs.vncode}-${i}`, 'Объект', i % 4 === 0 && inv !== 'б/н' ? refs.setKind : '', refs.kind, refs.manufacturer, bad ? `Нет модели ${i}` : refs.model,
      `BENCH-SN-${i}`, inv, 'Основное средство', 45000 + (i % 900), 12, 'В работе', `Оборудование ${i}`, i % 3 ? '' : 'примечание',
    ]).commit();
  }
  await wb.commit();
  return planted;
};

const upload = async (d: ImportBenchDeps, unitId: number, file: string) => {
  const client = d.client as unknown as { headers(json: boolean): Record<string, string> };
  const form = new FormData();
  form.append('unitId', String(unitId));
  form.append('file', new Blob([await readFile(file)]), 'bench.xlsx');
  const res = await fetch(`${d.serverUrl}/api/tools_import`, { method: 'POST', headers: client.headers(false), body: form });
  const body = (await res.json()) as { jobId?: string; message?: string };
  if (res.status !== 200 || !body.jobId) throw new Error(`tools_import: ${res.status} ${JSON.stringify(body)}`);
  for (;;) {
    const r = await d.client.call<{ state: string; result: { ok: boolean; toolsAdded: number; setsAdded: number; errorsCount: number } | null; message: string | null }>('GET', `/api/tools_import/${body.jobId}`);
    if (r.status !== 200) throw new Error(`tools_import job: ${r.status}`);
    if (r.body.state !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const benchImport = async (d: ImportBenchDeps): Promise<void> => {
  console.log('Excel import of equipment');
  const { pool } = d;
  const refs = await pool.one(sql.unsafe`
    SELECT m.data->>'model' AS model, k.title AS kind, mf.title AS manufacturer,
           (SELECT title FROM rm_catalog_items WHERE catalog = 'tools_sets_names' AND NOT deleted ORDER BY id LIMIT 1) AS "setKind"
    FROM rm_catalog_items m
    JOIN rm_catalog_items k ON k.catalog = 'tool_kind' AND k.id = (m.data->>'tool_kind_id')::int
    JOIN rm_catalog_items mf ON mf.catalog = 'manufacturer' AND mf.id = (m.data->>'manufacturer_id')::int
    WHERE m.catalog = 'tool_model' AND NOT m.deleted ORDER BY m.id LIMIT 1`);
  // The unit with the fewest tools: the bench replaces its registry.
  const unit = await pool.one(sql.unsafe`
    SELECT u.id, COALESCE(NULLIF(u.vncode, ''), o.vncode) AS vncode FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
    WHERE NOT u.deleted AND COALESCE(NULLIF(u.vncode, ''), o.vncode) <> ''
    ORDER BY (SELECT count(*) FROM rm_tools t WHERE t.unit_id = u.id), u.id LIMIT 1`);
  const r = { vncode: String(unit.vncode), kind: String(refs.kind), manufacturer: String(refs.manufacturer), model: String(refs.model), setKind: String(refs.setKind) };
  const rows = d.quick ? 2000 : 20_000;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'itsup-bench-import-'));
  try {
    const good = path.join(dir, 'good.xlsx');
    await generate(good, rows, null, r);
    const t = performance.now();
    const { result, peak, before } = await peakRssDuring(d.serverPid, () => upload(d, Number(unit.id), good));
    const seconds = (performance.now() - t) / 1000;
    if (!result.result?.ok) throw new Error(`import of ${rows} rows failed: ${JSON.stringify(result).slice(0, 500)}`);
    d.figure(`import of ${rows} rows: time end to end`, seconds, 's', 20, 'max', `${result.result.toolsAdded} units, ${result.result.setsAdded} sets`);
    d.figure(`import of ${rows} rows: server peak RSS`, peak / MB, 'MB', 400, 'max', `before ${(before / MB).toFixed(0)} MB`);

    const bad = path.join(dir, 'bad.xlsx');
    const planted = await generate(bad, rows, Math.floor(rows / 1000), r);
    const events = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
    const checked = await upload(d, Number(unit.id), bad);
    const reported = checked.result?.errorsCount ?? 0;
    const unchanged = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`)) === events;
    d.figure(`import with ${planted} planted errors: errors reported`, reported, 'errors', planted, 'min', unchanged ? 'nothing written' : 'EVENTS WRITTEN');
    d.details.import = { rows, seconds, peakMb: peak / MB, planted, reported, unchanged };
    if (reported !== planted || !unchanged) throw new Error(`planted ${planted} errors, reported ${reported}, unchanged ${unchanged}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
