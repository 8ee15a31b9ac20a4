import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import { requestFilterWords } from '../../../domain/request/describe-filter';
import { PerformerKind } from '../../../domain/request/enums';
import type { AppContext } from '../../../api/context';
import { typographicQuotes } from '../../../api/export/table-file';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { YEAR, at, seedRequest, settle, unzip, worldOf, type World } from './support';

let app: TestApp;
let ctx: AppContext;
let w: World;
let admin: ApiClient;
let court: ApiClient;
const ids: number[] = [];

const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
/** The docx's paragraphs as text (the title, the filter line, then the table's cells). */
const linesOf = (xml: string) => xml.split('</w:p>').map((p) => p.replace(/<w:br\/>/g, '\n').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')).filter((t) => t.trim() !== '');
/** Today as the export's first line names it (the server's UTC day). */
const todayRu = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('.');
const filter = () => ({ request_kinds_ids: [12], date_beg: `${YEAR}-01-01`, date_end: `${YEAR}-12-31` });

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  [admin, court] = await Promise.all([app.signIn('admin'), app.signIn('court')]);
  const positions = [];
  for (let i = 0; i < 45; i++) {
    const own = i % 3 === 0;
    const s = await seedRequest(ctx, {
      request_kind_id: 12,
      request_performer_kind: i % 5 === 0 ? 'SENIOR' : 'FILIAL',
      request_status_id: i % 5 === 0 ? 9 : 2,
      unit_id: own ? w.courtUnits[0]! : w.moscowUnit,
      region_id: w.moscowRegion,
      number: 8000 + i,
      hotlinegas_number: i % 2 ? `ГЛ-${i}` : null,
      result_d: i % 4 === 0 ? `${YEAR}-05-0${1 + (i % 9)}` : null,
      request_date_add: at(`04-${String(1 + (i % 28)).padStart(2, '0')}`, YEAR, `09:${String(i).padStart(2, '0')}:00.000`),
      request_text: `Не работает "Принтер ${i}" в кабинете <${i}> & зале\nвторая строка`,
    });
    ids.push(s.id);
    positions.push(s.position);
  }
  await settle(ctx, ...positions);
});

afterAll(async () => {
  await app?.close();
});

describe('typographic quotes', () => {
  it('turns straight quotes into «»', () => {
    expect(typographicQuotes('Программа "Банк решений" не запускается')).toBe('Программа «Банк решений» не запускается');
    expect(typographicQuotes('"АРМ" (модуль "Кадры")')).toBe('«АРМ» (модуль «Кадры»)');
  });
});

describe('GET /api/request_export/xlsx/{filter}', () => {
  it('streams the whole filtered list as a workbook with the list columns', async () => {
    const res = await admin.get(`/api/request_export/xlsx/${enc(filter())}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="requests.xlsx"; filename*=UTF-8''${encodeURIComponent('Список заявок.xlsx')}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Заявки')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['№', 'ГЛ/Филиал', 'Дата регистрации', 'Номер', 'Номер на ГЛ', 'Дата исполнения', 'Организация', 'Тип', 'Состояние', 'Содержание']);
    expect(sheet.actualRowCount).toBe(46);
    // Newest first: the request of 28 April (i = 27) is the latest.
    const numbers = Array.from({ length: 45 }, (_, i) => Number(values(i + 2)[3]));
    expect(new Set(numbers).size).toBe(45);
    const first = values(2);
    const newest = 8000 + 27;
    expect(first[0]).toBe(1);
    expect(first[3]).toBe(newest);
    expect(first[1]).toBe('Филиал');
    expect(first[2]).toBe(`28.04.${YEAR}`);
    expect(first[4]).toBe('ГЛ-27');
    expect(first[7]).toBe('Предложение по доработке');
    expect(first[8]).toBe('Ожидает исполнителя');
    expect(first[9]).toBe('Не работает "Принтер 27" в кабинете <27> & зале\nвторая строка');
    expect(String(first[6])).not.toBe('');
    const senior = numbers.indexOf(8000);
    expect(values(senior + 2)[1]).toBe('ГЛ');
    expect(values(senior + 2)[5]).toBe(`01.05.${YEAR}`);
  });

  it('keeps to the caller\'s scope', async () => {
    const res = await court.get(`/api/request_export/xlsx?filter=${enc(filter())}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Заявки')!.actualRowCount).toBe(1 + 15);
  });

  it('refuses an unknown format', async () => {
    const res = await admin.get(`/api/request_export/pdf/${enc(filter())}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Неизвестный формат выгрузки' });
  });
});

describe('GET /api/request_export/docx/{filter}', () => {
  it('a docx whose table is 15285 twips wide, with every row and typographic quotes', async () => {
    const res = await admin.get(`/api/request_export/docx/${enc(filter())}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Список заявок.docx')}`);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/_rels/document.xml.rels', 'word/document.xml', 'word/styles.xml']);
    const xml = files.get('word/document.xml')!.toString('utf8');
    expect(xml).toContain('<w:tblW w:w="15285" w:type="dxa"/>');
    const grid = [...xml.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(grid.reduce((a, b) => a + b, 0)).toBe(15285);
    expect((xml.match(/<w:tr>/g) ?? []).length).toBe(46);
    expect(xml).toContain('Не работает «Принтер 27» в кабинете &lt;27&gt; &amp; зале</w:t><w:br/><w:t xml:space="preserve">вторая строка');
    expect(xml).not.toContain('"Принтер');
    for (let i = 0; i < 45; i++) expect(xml).toContain(`<w:t xml:space="preserve">${8000 + i}</w:t>`);
    expect(xml).toContain('Список заявок');
    // The first line under the title: the filter in the chips' words and the count (issue 38).
    expect(linesOf(xml)[1]).toBe(`На ${todayRu()}. Отбор: Зарегистрированы: 01.01.${YEAR} – 31.12.${YEAR}; Тип: Предложение по доработке. Всего заявок: 45`);
    expect(xml).toContain('w:orient="landscape"');
  });

  it('the head-performer list: its performer, objects and search terms named in the chips\' words, and its own count', async () => {
    const unitName = String(await ctx.pool.oneFirst(sql.unsafe`SELECT name FROM rm_units WHERE id = ${w.courtUnits[0]!}`));
    const headFilter = { ...filter(), request_performer_kind: 'SENIOR', units_ids: [w.courtUnits[0]!], search: '  принтер ' };
    const res = await admin.get(`/api/request_export/docx/${enc(headFilter)}`);
    expect(res.statusCode).toBe(200);
    const xml = unzip(res.rawPayload).get('word/document.xml')!.toString('utf8');
    // SENIOR (i % 5 = 0) in the court's own unit (i % 3 = 0): requests 8000, 8015, 8030.
    expect((xml.match(/<w:tr>/g) ?? []).length).toBe(1 + 3);
    const words = [`Зарегистрированы: 01.01.${YEAR} – 31.12.${YEAR}`, `Объекты: ${unitName}`, 'Исполнитель: ГЛ (головной исполнитель)', 'Тип: Предложение по доработке', 'Поиск: принтер'];
    expect(linesOf(xml)[1]).toBe(`На ${todayRu()}. Отбор: ${words.join('; ')}. Всего заявок: 3`);
    // The words are the chips' own (domain/request/describe-filter.ts, which the list's chips read).
    const titles = { region: () => '', unit: () => unitName, engineer: () => '', hotlineEngineer: () => '', program: () => '', toolKind: () => '' };
    expect(requestFilterWords({ ...headFilter, request_performer_kind: PerformerKind.SENIOR }, titles).map((x) => x.label)).toEqual(words);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await admin.get(`/api/request_export/xlsx/${enc(headFilter)}`)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Заявки')!;
    expect(sheet.actualRowCount).toBe(1 + 3);
    expect(sheet.headerFooter.oddHeader).toContain(`На ${todayRu()}. Отбор: ${words.join('; ')}. Всего заявок: 3`);
  });

  it('counts only what the caller may see', async () => {
    const xml = unzip((await court.get(`/api/request_export/docx/${enc(filter())}`)).rawPayload).get('word/document.xml')!.toString('utf8');
    expect(linesOf(xml)[1]).toMatch(/\. Всего заявок: 15$/);
  });
});
