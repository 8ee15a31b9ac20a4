import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActData } from '../../../domain/act/data';
import { actTemplateKinds, type ActTemplateKind } from '../../../domain/act/templates';
import { ActKind } from '../../../domain/request/enums';
import { emptyRequestData } from '../../../domain/request/state';
import { courtReports } from '../../../domain/report/registry';
import { technicalDocuments } from '../../../domain/report/technical/documents';
import { renderActCopy } from '../../../api/acts/render-copy';
import { builtInTemplate } from '../../../commands/act/templates';
import { renderDocx } from '../../../infrastructure/docx-template';
import { actLookups } from '../../../projections/act/lookups';
import { PORTRAIT_UNITS } from '../../../api/export/print-setup';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, registerRepair, today, type Facts } from '../requests/helpers';

/**
 * Every act, court report, technical document and list export as a reader gets it: converted to PDF
 * by LibreOffice (all files in one soffice call) and read back with pdftotext and pdfinfo. No tag is
 * left unreplaced, no 'г. г.', nothing runs past the page's printable width, a report fits one page
 * wide (landscape when its columns are wider than a portrait page) with its header on every page,
 * and СО-8 lists every spare of its request.
 */
let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;
const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
const year = new Date().getFullYear();

beforeAll(async () => {
  t = await startTestApp();
  [admin, court, engineer] = await Promise.all([t.signIn('admin'), t.signIn('court'), t.signIn('engineer')]);
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t?.close();
});

interface Pdf {
  pages: string[];
  width: number;
  height: number;
  /** The right edge of the rightmost word on any page. */
  xMax: number;
}
const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe', timeout: 240_000 }).toString();
/** Converts every file in one soffice run (one start of LibreOffice, not one per file). */
const toPdf = (files: string[]): Map<string, Pdf> => {
  sh('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, ...files.map((f) => path.join(dir, f))]);
  return new Map(
    files.map((f) => {
      const pdf = path.join(dir, f.replace(/\.(docx|xlsx)$/, '.pdf'));
      const info = sh('pdfinfo', [pdf]);
      const pagesCount = Number(/Pages:\s+(\d+)/.exec(info)![1]);
      const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
      const pages = Array.from({ length: pagesCount }, (_, i) => sh('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', pdf, '-']));
      const bbox = sh('pdftotext', ['-bbox', pdf, '-']);
      const xMax = Math.max(0, ...[...bbox.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1])));
      return [f, { pages, width: Number(w), height: Number(h), xMax }];
    }),
  );
};
const whole = (p: Pdf) => p.pages.join('\n');
const noTagsLeft = (name: string, p: Pdf) => {
  expect(whole(p), name).not.toMatch(/\{[#/^]?[a-z_]+\}|\{\{|undefined|NaN/);
  expect(whole(p), name).not.toMatch(/г\.\s*г\./);
};

/** Runs a report job to its end and answers the file. */
const runReport = async (client: ApiClient, id: string, body: Record<string, unknown>): Promise<Buffer> => {
  const started = await client.post(`/api/reports/${id}`, body);
  expect(started.statusCode, `${id}: ${started.body}`).toBe(200);
  const { jobId } = started.json() as { jobId: string };
  for (let i = 0; i < 1200; i++) {
    const view = (await client.get(`/api/reports/jobs/${jobId}`)).json() as { state: string; error?: string };
    if (view.state === 'done') return (await client.get(`/api/reports/jobs/${jobId}/file`)).rawPayload;
    if (view.state !== 'running' && view.state !== 'waiting') throw new Error(`${id}: ${view.state} ${view.error ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${id} did not finish`);
};

/** A performing repair of the court's printer with a branch spare, a ПБС spare and works; its СО-8. */
const repairWithSpares = async () => {
  const spare = await t.server.ctx.pool.one(sql.unsafe`
    SELECT i.id, i.spares_set_id, i.code, i.title FROM rm_spares_items i JOIN rm_spares_sets s ON s.id = i.spares_set_id
    WHERE s.region_id = ${facts.regionId} AND i.amount - i.allocated >= 2 ORDER BY i.id LIMIT 1`);
  const created = (await registerRepair(court, facts)).json().savedRequest;
  await engineer.post(`/api/request/${created.id}/take`, {});
  const saved = await engineer.multipart('PUT', '/api/request', {
    request: { id: created.id, view_res_before: 1, comment_before: 'Не захватывает бумагу', repair_type_id: 5, view_res_after: 1, comment_after: 'Заменён ролик', hotlinegas_number: `2026-${String(created.id).padStart(6, '0')}` },
    spares: [{ spares_set_id: Number(spare.spares_set_id), item_id: Number(spare.id), amount: 2 }],
    works: [{ title: 'Диагностика', cost: 500 }, { title: 'Замена ролика подачи', cost: 1000.5 }],
    sparesPbs: [{ title: 'Ролик ПБС', cost: 350.25 }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.settled();
  const candidates = (await engineer.get(`/api/act_signer_candidates/${created.id}`)).json() as Record<'iac' | 'unit', Array<{ id: number }>>;
  const signers = { iac: candidates.iac[0]!.id, unit: candidates.unit.find((c) => c.id !== candidates.iac[0]!.id)!.id };
  const act = await engineer.post('/api/request_act', { requestId: created.id, actKind: 'CO_8', actDate: today(), signersCount: 2, signType: 'paper', signers });
  expect(act.statusCode, act.body).toBe(200);
  const document = act.json().document as { file_id: string; checksum: string };
  // The act's file row (read by the stamped copy) is written by the read side.
  await t.settled();
  return { spare: { code: String(spare.code), title: String(spare.title) }, document };
};

const kindOfTemplate: Record<ActTemplateKind, ActKind> = {
  'act-co-1.3-2': ActKind.CO_13, 'act-co-1.3': ActKind.CO_13, 'act-co-3': ActKind.CO_3, 'act-co-7': ActKind.CO_7,
  'act-co-8': ActKind.CO_8, 'act-co-4.1': ActKind.CO_41, 'act-co-4.2': ActKind.CO_42, 'act-learning': ActKind.LEARNING,
};

describe('the demo registry', () => {
  // Courts: kinds 6 (regional) and 7 (district) of api/seed/reference-data.ts.
  it('gives every court building tools with special software, so each passport of special software has content', async () => {
    const bare = await t.server.ctx.pool.any(sql.unsafe`
      SELECT u.id FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE NOT o.deleted AND o.kind_id IN (6, 7) AND NOT EXISTS (
        SELECT 1 FROM rm_tools tl JOIN rm_catalog_items p ON p.catalog = 'programs' AND p.id = ANY(tl.tool_softwares)
        WHERE tl.unit_id = u.id AND NOT tl.deleted AND p.data->>'type' = '1')`);
    expect(bare).toEqual([]);
  });
});

describe('documents printed through LibreOffice', () => {
  it('every act, report, technical document and list export: no tag left, no "г. г.", within the page, reports one page wide', async () => {
    const files: string[] = [];
    const save = (name: string, bytes: Buffer) => {
      writeFileSync(path.join(dir, name), bytes);
      files.push(name);
    };

    // Acts: СО-8 through the real route (the spares of its request), every template from the demo building's data.
    const repair = await repairWithSpares();
    save('route-co-8.docx', Buffer.concat(await t.server.ctx.files.open(repair.document.checksum).toArray()));
    const stamp = (role: 'iac' | 'unit', roleTitle: string, owner: string) => ({
      role, roleTitle, owner, serial: '7C0000A1B2C3D4E5F60718293A4B5C6D7E8F90', validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00Z', signedAt: '2026-03-01T09:30:00Z', utcOffsetMinutes: 420, demo: true,
    });
    const copy = await renderActCopy(t.server.ctx, repair.document.file_id, [
      stamp('iac', 'От филиала ФГБУ ИАЦ Судебного департамента', 'Смирнов Алексей Викторович'),
      stamp('unit', 'От объекта', 'Сидоров Николай Петрович'),
    ]);
    save('route-co-8-stamped.docx', copy!);
    const unit = (await actLookups(t.server.ctx.pool).unit(facts.courtUnit))!;
    const request = {
      ...emptyRequestData(), number: 77, request_date_add: `${today()}T09:00:00Z`, tool_id: facts.printerId,
      works: [{ title: 'Настройка программного обеспечения', cost: 1200 }],
      spares_pbs: [{ title: 'Ролик ПБС', cost: 350 }],
      tools_commissioning: [{ tool_id: facts.printerId, settling_place: 'Зал судебных заседаний № 5', instructed_person: 'Секретарь судебного заседания' }],
      students_list: [{ name: 'Петрова Анна Андреевна', post: 'Секретарь судебного заседания' }, { name: 'Иванов Иван Иванович', post: 'Помощник судьи' }],
    };
    const tools = await actLookups(t.server.ctx.pool).tools([facts.printerId]);
    for (const kind of actTemplateKinds) {
      const signersCount = kind === 'act-co-1.3' ? 3 : 2;
      const data = buildActData({
        kind: kindOfTemplate[kind], signersCount, number: `Т-${kind}`, date: today(), actText: 'Оборудование: принтер\nРаботы выполнены полностью.', request, place: unit.place, tools,
        spares: [{ code: 1009, title: 'Батарея для ИБП 12 В 9 А·ч', amount: 1, cost: 2300 }], showCosts: true, engineer: 'Петров Иван Сергеевич',
        signers: { iac: { name: 'Смирнов Алексей Викторович', post: 'Начальник отдела' }, unit: { name: 'Сидоров Николай Петрович', post: 'Администратор суда' }, final: { name: 'Кузнецова Ольга Сергеевна', post: 'Председатель суда' } },
        learningKind: 'Обучение работе с ПИ ГАС «Правосудие»',
      });
      save(`${kind}.docx`, renderDocx((await builtInTemplate(kind)).bytes, { ...data, stamps: [] }));
    }

    // Court reports (xlsx) for the current year.
    const region = facts.regionId;
    const reportNames: string[] = [];
    for (const report of courtReports) {
      const all = report.dialog!.region === 'choice' || report.dialog!.region === 'all';
      const body = { date_beg: `${year}-01-01`, date_end: `${year}-12-31`, ...(all ? { all_regions: true } : { region_id: region }), ...(report.dialog!.supplyKind ? { supply_kind: 1 } : {}) };
      save(`report-${report.id}.xlsx`, await runReport(admin, report.id, body));
      reportNames.push(`report-${report.id}.xlsx`);
    }
    // Technical documents of the court's object.
    const signers = (await court.get(`/api/technical_docs/signers/${facts.courtUnit}`)).json();
    for (const doc of technicalDocuments)
      save(`tech-${doc.id}.docx`, await runReport(court, doc.id, { unit_id: facts.courtUnit, iac_signer_id: signers.iac[0].id, unit_signer_id: signers.unit[0].id, year }));
    // The list exports.
    const enc = (o: object) => encodeURIComponent(JSON.stringify(o));
    for (const [name, url] of [
      ['tools-list.docx', `/api/tool_export/docx/${enc({})}`],
      ['tools-list.xlsx', `/api/tool_export/xlsx/${enc({})}`],
      ['requests-list.docx', `/api/request_export/docx/${enc({})}`],
      ['requests-list.xlsx', `/api/request_export/xlsx/${enc({})}`],
    ] as const) {
      const res = await admin.get(url);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      save(name, res.rawPayload);
    }

    const converting = Date.now();
    const pdfs = toPdf(files);
    console.log(`LibreOffice: ${files.length} files to PDF and read back in ${Date.now() - converting} ms`);
    for (const [name, pdf] of pdfs) {
      noTagsLeft(name, pdf);
      // Nothing past the printable width: the rightmost word ends inside the page, short of its edge.
      expect(pdf.xMax, name).toBeLessThanOrEqual(pdf.width - 14);
    }

    // Acts: A4 portrait, the place once, right margin 15 mm; the object named once.
    for (const kind of actTemplateKinds) {
      const pdf = pdfs.get(`${kind}.docx`)!;
      expect(pdf.xMax, kind).toBeLessThanOrEqual(pdf.width - 850 / 20 + 1);
      const text = whole(pdf);
      expect(text.split(unit.place.court).length - 1, `${kind}: the court named once on the object line`).toBeLessThanOrEqual(1 + (unit.place.branch.includes(unit.place.court) ? 1 : 0));
    }
    // The demo's tools carry special software: the object's passport of special software lists it.
    expect(whole(pdfs.get('tech-passport_special_software.docx')!)).toContain('делопроизводство');
    const learning = whole(pdfs.get('act-learning.docx')!);
    for (const s of request.students_list) expect(learning).toContain(s.name);
    const co8 = whole(pdfs.get('route-co-8.docx')!);
    expect(co8).toContain(repair.spare.title);
    expect(co8).toMatch(new RegExp(`\\b${repair.spare.code}\\b`));
    expect(co8).toContain('Ролик ПБС');
    expect(co8).toContain('Замена ролика подачи');
    expect(co8).toMatch(/1\s000,50/);
    expect(co8).toMatch(/350,25/);
    const stamped = pdfs.get('route-co-8-stamped.docx')!;
    const stampPage = stamped.pages.find((p) => p.includes('Подписи сторон:'))!;
    expect(stampPage.split('Документ подписан электронной подписью')).toHaveLength(3);
    for (const word of ['Смирнов', 'Алексей', 'Викторович', 'Сидоров', 'Николай', 'Петрович']) expect(stampPage).toMatch(new RegExp(`(^|\\s)${word}(\\s|$)`, 'm'));
    expect(stampPage).toContain('(МСК+4)');

    // Reports: one page wide (the last column's heading on the first page, the header on every page),
    // landscape exactly when the columns are wider than a portrait page.
    for (const name of reportNames) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(readFileSync(path.join(dir, name)) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const widths = ws.columns.map((c) => c.width ?? 0);
      const headerRow = Number(/^\$?(\d+)/.exec(ws.pageSetup.printTitlesRow ?? '')?.[1]);
      expect(headerRow, name).toBeGreaterThan(0);
      const titles = (ws.getRow(headerRow).values as unknown[]).filter((v): v is string => typeof v === 'string');
      const pdf = pdfs.get(name)!;
      const landscape = pdf.width > pdf.height;
      expect(landscape, `${name}: widths ${widths.join('+')}`).toBe(widths.reduce((a, b) => a + b, 0) > PORTRAIT_UNITS);
      const firstWord = (s: string) => s.split(/\s+/)[0]!;
      expect(pdf.pages[0], `${name}: the last column on page 1`).toContain(firstWord(titles.at(-1)!));
      // Header words whole (widths from content: no 'Выполненны|е'), the title in every page's header.
      for (const word of titles.join(' ').split(/\s+/).filter((w) => w.length >= 4)) expect(pdf.pages[0], `${name}: '${word}' whole`).toMatch(new RegExp(`(^|\\s)${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'm'));
      const title = String(ws.getRow(1).getCell(1).value);
      for (const [i, page] of pdf.pages.entries()) {
        expect(page, `${name} page ${i + 1}: the header repeated`).toContain(firstWord(titles[1] ?? titles[0]!));
        expect(page, `${name} page ${i + 1}: the title in the page header`).toContain(title);
      }
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    }
  }, 600_000);
});
