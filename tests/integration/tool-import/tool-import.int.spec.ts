import ExcelJS from 'exceljs';
import { importFacts, importRow, importXlsx, runImportAs, type Cells, type ImportFacts } from './support';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { IMPORT_COLUMNS } from '../../../domain/tool-import';
import { importTools } from '../../../commands/tool-import/import';
import { readXlsxRows } from '../../../commands/tool-import/xlsx-rows';
import { toolImportLookups } from '../../../api/jobs/tool-import';
import { PostgresEventStore } from '../../../infrastructure/eventstore/postgres/postgres-event-store';
import { WrongExpectedRevisionError } from '../../../infrastructure/eventstore/port';
import { AccessLevel } from '../../../domain/rights/values';
import { writeFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

let t: TestApp;
let admin: ApiClient;
let engineer: ApiClient;
let f: ImportFacts;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  engineer = await t.signIn('engineer');
  f = await importFacts(t);
});
afterAll(async () => {
  await t.close();
});

const row = (i: number, over: Partial<Record<number, string | number | null>> = {}): Cells => importRow(f, i, over);
const xlsx = importXlsx;

const upload = (content: Buffer, unitId: number = f.unit, name = 'реестр.xlsx', client = admin) =>
  client.multipart('POST', '/api/tools_import', { unitId: String(unitId) }, [{ field: 'file', name, content }]);

/** Starts an import and waits for its end (no sleeps beyond a short poll). */
const runImport = (content: Buffer) => runImportAs(admin, f.unit, content);

const registry = async () => {
  await t.settled();
  const tools = await t.server.ctx.pool.any(sql.unsafe`SELECT id, serial_number, inventar_number, tools_set_id FROM rm_tools WHERE unit_id = ${f.unit} AND NOT deleted ORDER BY serial_number`);
  const sets = await t.server.ctx.pool.any(sql.unsafe`SELECT id, inventar_number FROM rm_tools_sets WHERE unit_id = ${f.unit} ORDER BY inventar_number`);
  return { tools: tools.map((r) => ({ ...r })), sets: sets.map((r) => ({ ...r })) };
};
const eventCount = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

describe('Excel import of equipment', () => {
  it('offers the template with the 14 headers', async () => {
    const res = await admin.get('/api/tools_import_template');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
  });

  it('refuses without the right, without a file or with another format', async () => {
    expect((await upload(await xlsx([row(1)]), f.unit, 'a.xlsx', engineer)).statusCode).toBe(403);
    expect((await admin.multipart('POST', '/api/tools_import', { unitId: String(f.unit) }, [])).statusCode).toBe(400);
    const csv = await upload(Buffer.from('a;b'), f.unit, 'a.csv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe('Файл должен быть в формате .xlsx');
    expect((await upload(await xlsx([row(1)]), 999999)).statusCode).toBe(404);
  });

  it('refuses a file whose columns are not the 14 in order, writing nothing', async () => {
    const before = await eventCount();
    const swapped = [...IMPORT_COLUMNS] as string[];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    const view = await runImport(await xlsx([row(1)], swapped));
    expect(view.state).toBe('done');
    expect(view.result.ok).toBe(false);
    expect(view.result.message).toBe('Неверная структура колонок файла');
    expect(await eventCount()).toBe(before);
  });

  it('reports every planted error with its row and changes nothing', async () => {
    const before = await registry();
    const events = await eventCount();
    const rows: Cells[] = [];
    const planted: number[] = [];
    for (let i = 0; i < 300; i++) {
      const sheetRow = i + 2;
      if (i % 5 === 0) {
        planted.push(sheetRow);
        rows.push(row(i, i % 2 ? { 5: 'Нет такой модели' } : { 9: '31.02.2024' }));
      } else rows.push(row(i));
    }
    const view = await runImport(await xlsx(rows));
    expect(view.result.ok).toBe(false);
    expect(view.result.errorsCount).toBe(60);
    expect(view.result.errors.map((e) => Number(/^Строка (\d+)/.exec(e)![1]))).toEqual(planted);
    expect(view.result.errors[0]).toMatch(/^Строка 2 \(«Дата ввода в эксплуатацию»\): неверная дата «31\.02\.2024»/);
    expect(view.result.errors[1]).toContain('модель «Нет такой модели» не найдена');
    expect(await eventCount()).toBe(events);
    expect(await registry()).toEqual(before);
  });

  it('replaces the registry in one piece, groups sets by inventory number, and a second import gives the same registry', async () => {
    const rows: Cells[] = [
      row(1, { 2: f.setKind, 7: '000777' }),
      row(2, { 7: '000777' }),
      row(3, { 7: 'б/н' }),
      row(4, { 7: 'б/н' }),
      row(5, { 7: '-' }),
      row(6),
    ];
    const file = await xlsx(rows);
    const first = await runImport(file);
    expect(first.state, first.message ?? '').toBe('done');
    expect(first.result).toMatchObject({ ok: true, setsAdded: 1, toolsAdded: 6 });
    const after = await registry();
    expect(after.tools.map((x) => x.serial_number)).toEqual(['SN-IMP-1', 'SN-IMP-2', 'SN-IMP-3', 'SN-IMP-4', 'SN-IMP-5', 'SN-IMP-6']);
    expect(after.sets.map((s) => s.inventar_number)).toEqual(['000777']);
    expect(after.tools.filter((x) => x.tools_set_id === after.sets[0]!.id).map((x) => x.serial_number)).toEqual(['SN-IMP-1', 'SN-IMP-2']);

    const second = await runImport(file);
    expect(second.result).toMatchObject({ ok: true, setsAdded: 1, toolsAdded: 6, toolsRemoved: 6, setsRemoved: 1 });
    const again = await registry();
    const shape = (r: typeof after) => ({ tools: r.tools.map((x) => [x.serial_number, x.inventar_number, x.tools_set_id !== null]), sets: r.sets.map((s) => s.inventar_number) });
    expect(shape(again)).toEqual(shape(after));
  });

  it('reads a large file: Cyrillic text across the reader\'s chunk boundaries stays whole', async () => {
    // Inline strings, mostly Cyrillic, ~2 MB of sheet XML (about 30 chunks of 64 KB): a letter split
    // between two chunks must not become '��' (exceljs decodes each chunk on its own).
    const dir = await mkdtemp(path.join(tmpdir(), 'imp-'));
    const file = path.join(dir, 'big.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
    const ws = wb.addWorksheet('Лист1');
    ws.addRow([...IMPORT_COLUMNS]).commit();
    const long = 'Системный блок персонального компьютера в сборе для зала судебных заседаний';
    for (let i = 0; i < 3000; i++) ws.addRow(row(1000 + i, { 12: `${long} № ${i}`, 13: `${long}, примечание ${i}` })).commit();
    await wb.commit();
    const view = await runImport(await readFile(file));
    expect(view.result.errors).toEqual([]);
    expect(view.result).toMatchObject({ ok: true, toolsAdded: 3000 });
  });

  it('a failure midway in the write transaction leaves the old registry whole', async () => {
    const before = await registry();
    expect(before.tools.length).toBeGreaterThan(0);
    const events = await eventCount();
    const ctx = t.server.ctx;
    let called = false;
    const faulty = new PostgresEventStore(ctx.pool, {
      appendManyFault: () => {
        called = true;
        throw new Error('simulated crash inside the transaction');
      },
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'imp-'));
    const file = path.join(dir, 'f.xlsx');
    await writeFile(file, await xlsx([row(50), row(51)]));
    const reader = readXlsxRows(file);
    const user = (await ctx.pool.one(sql.unsafe`SELECT id FROM rm_users WHERE login = 'admin'`)).id as number;
    const actor = { userId: user, rights: { RIGHT_TOOLS_IMPORT: 2, RIGHT_TOOLS_READ: 4, RIGHT_TOOLS_WRITE: 2 }, accessLevel: AccessLevel.FULL };
    await expect(
      importTools({ ...ctx, store: faulty }, toolImportLookups(ctx.pool), { unitId: f.unit, rows: reader.rows, date1904: reader.date1904, actor, scope: { all: true } }, {
        userId: user, now: new Date().toISOString(), correlationId: 'crash-test',
      }),
    ).rejects.toThrow('simulated crash');
    expect(called).toBe(true);
    expect(await eventCount()).toBe(events);
    expect(await registry()).toEqual(before);
  });

  it('appendMany refuses all batches when one expected revision is wrong', async () => {
    const store = t.server.ctx.store;
    const meta = { userId: null, correlationId: 'x', causationId: null, timestamp: new Date().toISOString() };
    const ev = [{ type: 'Probe', data: {}, metadata: meta }];
    await expect(
      store.appendMany([
        { streamId: 'probe-a', events: ev, expectedRevision: 'no_stream' },
        { streamId: 'probe-b', events: ev, expectedRevision: 3 },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('probe-a')).toEqual([]);
    const ok = await store.appendMany([
      { streamId: 'probe-a', events: [...ev, ...ev], expectedRevision: 'no_stream' },
      { streamId: 'probe-c', events: ev, expectedRevision: 'no_stream' },
    ]);
    expect(ok.map((r) => r.nextRevision)).toEqual([1, 0]);
    expect((await store.appendMany([{ streamId: 'probe-a', events: ev, expectedRevision: 1 }]))[0]!.nextRevision).toBe(2);
    expect((await store.readStream('probe-a')).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('cleans the object registry on request (all at once)', async () => {
    const res = await admin.post(`/api/tools_and_sets_clean/${f.unit}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ toolsRemoved: expect.any(Number) });
    expect((await registry()).tools).toEqual([]);
    expect((await engineer.post(`/api/tools_and_sets_clean/${f.unit}`)).statusCode).toBe(403);
  });
});
