import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelGeometries, labelPlace, type LabelLayout } from '../../../domain/tool/labels';
import type { AppContext } from '../../../api/context';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { worldOf, type World } from '../request-read/support';

/**
 * Labels as a reader sees them: the PDF is rendered by poppler (pdftoppm) and every label's QR code
 * is decoded by jsQR from its place on the page, so each card's address must really be printed
 * where the layout says; scope and bad input are refused with nothing produced.
 */

let app: TestApp;
let ctx: AppContext;
let w: World;
let court: ApiClient;
let admin: ApiClient;
const DPI = 150;
const work = mkdtempSync(join(tmpdir(), 'labels-'));

/** Every label's QR text, page by page, in label order. */
const decodeLabels = (pdf: Buffer, layout: LabelLayout, count: number): Array<string | null> => {
  const dir = mkdtempSync(join(work, 'p-'));
  writeFileSync(join(dir, 'l.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', join(dir, 'l.pdf'), join(dir, 'page')]);
  const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort().map((f) => PNG.sync.read(readFileSync(join(dir, f))));
  const g = labelGeometries[layout];
  const px = (mm: number) => Math.round((mm * DPI) / 25.4);
  const out: Array<string | null> = [];
  for (let i = 0; i < count; i++) {
    const p = labelPlace(g, i);
    const page = pages[p.page];
    if (!page) {
      out.push(null);
      continue;
    }
    // The label's left part (the QR code and its quiet zone), cropped from the page.
    const x0 = px(p.x), y0 = px(p.y), wd = px(Math.min(g.labelHeight, g.labelWidth * 0.5)), ht = px(g.labelHeight);
    const data = new Uint8ClampedArray(wd * ht * 4);
    for (let y = 0; y < ht; y++)
      for (let x = 0; x < wd; x++) {
        const s = ((y0 + y) * page.width + (x0 + x)) * 4;
        const d = (y * wd + x) * 4;
        data[d] = page.data[s] ?? 255;
        data[d + 1] = page.data[s + 1] ?? 255;
        data[d + 2] = page.data[s + 2] ?? 255;
        data[d + 3] = 255;
      }
    out.push(jsQR(data, wd, ht)?.data ?? null);
  }
  return out;
};

let courtTools: number[];
let manyTools: number[];
let foreignTool: number;

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [court, admin] = await Promise.all([app.signIn('court'), app.signIn('admin')]);
  courtTools = (await ctx.pool.anyFirst(sql.unsafe`
    SELECT id FROM rm_tools WHERE unit_id = ANY(${sql.array(w.courtUnits, 'int4')}) AND NOT deleted ORDER BY id LIMIT 30`)).map(Number);
  manyTools = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_tools WHERE NOT deleted ORDER BY id DESC LIMIT 30`)).map(Number);
  foreignTool = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.otherUnit} AND NOT deleted ORDER BY id LIMIT 1`));
});

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await app?.close();
});

const url = (id: number) => `${ctx.config.publicUrl.replace(/\/+$/, '')}/tools/${id}`;

describe('equipment labels', () => {
  it('prints a QR code of each card address on A4 3×8, in order, across pages', async () => {
    expect(manyTools.length).toBeGreaterThan(24);
    const res = await admin.post('/api/tool_labels', { layout: 'a4-3x8', ids: manyTools });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const decoded = decodeLabels(res.rawPayload, 'a4-3x8', manyTools.length);
    expect(decoded).toEqual(manyTools.map(url));
    // The text is real text in a Cyrillic font: pdftotext finds the numbers' captions.
    writeFileSync(join(work, 't.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [join(work, 't.pdf'), '-']).toString();
    expect(text).toContain('Инв. №');
  });

  it('prints A4 2×7 and the single thermal label from the list filter and from a card', async () => {
    const few = courtTools.slice(0, 3);
    const sheet = await court.post('/api/tool_labels', { layout: 'a4-2x7', ids: few });
    expect(decodeLabels(sheet.rawPayload, 'a4-2x7', 3)).toEqual(few.map(url));
    const card = await court.get(`/api/tool_labels/thermal-58x40?ids=${few[0]}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(decodeLabels(card.rawPayload, 'thermal-58x40', 1)).toEqual([url(few[0]!)]);
    // The list's filter: the court user's own scope only.
    const filter = encodeURIComponent(JSON.stringify({ units_ids: [w.courtUnits[0]] }));
    const own = await court.get(`/api/tool_labels/a4-3x8?filter=${filter}`);
    expect(own.statusCode, own.body).toBe(200);
    const expected = (await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${w.courtUnits[0]!} AND NOT deleted`)).length;
    const decoded = decodeLabels(own.rawPayload, 'a4-3x8', expected);
    expect(decoded.every((d) => d !== null && d.startsWith(url(0).replace(/0$/, '')))).toBe(true);
    expect(decodeLabels(own.rawPayload, 'a4-3x8', expected + 1)[expected]).toBeNull();
  });

  it('refuses a unit outside the scope, a bad layout and an empty result in Russian', async () => {
    const outside = await court.post('/api/tool_labels', { layout: 'a4-3x8', ids: [courtTools[0], foreignTool] });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toContain('Оборудование не найдено');
    expect(outside.headers['content-type']).toContain('application/json');
    const layout = await court.post('/api/tool_labels', { layout: 'a5', ids: [courtTools[0]] });
    expect(layout.statusCode).toBe(400);
    expect(layout.json().message).toBe('Выберите формат этикеток');
    const empty = await court.post('/api/tool_labels', { layout: 'a4-3x8', filter: { serial_number: 'нет-такого-номера-xyz' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Нет оборудования для этикеток');
    const hotline = await app.signIn('hotline');
    expect((await hotline.post('/api/tool_labels', { layout: 'a4-3x8', ids: [courtTools[0]] })).statusCode).toBe(403);
    // The administrator sees every unit: the foreign tool prints for them.
    expect((await admin.post('/api/tool_labels', { layout: 'a4-3x8', ids: [foreignTool] })).statusCode).toBe(200);
  });
});
