/*
 * Writes the built-in Word templates of acts (templates/acts/*.docx, version 1 of each). The XML is
 * written here so the templates can be reviewed in a diff; an administrator may later replace any of
 * them with a version restyled in Word (POST /api/act_templates/{kind}). Tags are docxtemplater's:
 * {tag}, table-row loops {#tools}…{/tools} in one row, sections {#stamps}…{/stamps}.
 * Run: npx tsx scripts/make-act-templates.ts
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import type { ActTemplateKind } from '../domain/act/templates';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface RunOptions {
  bold?: boolean;
  size?: number;
  center?: boolean;
  right?: boolean;
  /** Keep with the next paragraph (the signer table stays on the page of its heading). */
  keepNext?: boolean;
  /** Space after the paragraph in twentieths of a point (default 60). */
  after?: number;
}
const run = (text: string, o: RunOptions = {}) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/>${o.bold ? '<w:b/>' : ''}<w:sz w:val="${(o.size ?? 12) * 2}"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const p = (text: string, o: RunOptions = {}) =>
  `<w:p><w:pPr>${o.keepNext ? '<w:keepNext/>' : ''}<w:spacing w:after="${o.after ?? 60}"/>${o.center ? '<w:jc w:val="center"/>' : o.right ? '<w:jc w:val="right"/>' : ''}</w:pPr>${run(text, o)}</w:p>`;
const cell = (text: string, width: number, o: RunOptions = {}) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${p(text, o)}</w:tc>`;
const borders = (sz: number, color = '000000') =>
  `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => `<w:${b} w:val="single" w:sz="${sz}" w:space="0" w:color="${color}"/>`).join('')}</w:tblBorders>`;
/**
 * Tables have a fixed layout: the columns are the widths given (within the printable width, 9638
 * twips), so LibreOffice and Word wrap text at word boundaries instead of squeezing a column.
 */
const fixed = '<w:tblLayout w:type="fixed"/>';
const table = (widths: number[], rows: string[][], o: { header?: boolean; border?: boolean } = {}) =>
  `<w:tbl><w:tblPr><w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/>${o.border === false ? '' : borders(4)}${fixed}</w:tblPr><w:tblGrid>${widths
    .map((w) => `<w:gridCol w:w="${w}"/>`)
    .join('')}</w:tblGrid>${rows
    .map((r, i) => `<w:tr>${r.map((c, j) => cell(c, widths[j]!, { bold: o.header && i === 0, size: 11 })).join('')}</w:tr>`)
    .join('')}</w:tbl>`;
/** A loop over table rows: the row repeats once per item. */
const loopRows = (loop: string, widths: number[], header: string[], cells: string[]) =>
  table(widths, [header, cells.map((c, i) => `${i === 0 ? `{#${loop}}` : ''}${c}${i === cells.length - 1 ? `{/${loop}}` : ''}`)], { header: true });

const head = [
  p('Федеральное государственное бюджетное учреждение', { center: true, size: 11 }),
  p('«Информационно-аналитический центр поддержки ГАС «Правосудие»', { center: true, size: 11 }),
  p('{branch_name}', { center: true, size: 11 }),
  p(''),
];
const title = (extra = '') => [p('{act_title} № {act_number}', { center: true, bold: true, size: 14 }), p(`{act_name}${extra}`, { center: true, bold: true })];
/** The place on the left, the date on the right margin (a right tab stop at the printable width). */
const placeDate = `<w:p><w:pPr><w:tabs><w:tab w:val="right" w:pos="9638"/></w:tabs><w:spacing w:after="60"/></w:pPr>${run('{place_line}')}<w:r><w:tab/></w:r>${run('{act_date}')}</w:p>`;
const court = [
  p('Объект: {object_line}'),
  p('Адрес: {address_line}'),
  p('Заявка № {request_number} от {request_date}; номер на горячей линии: {hotline_number}'),
];
const equipment = [p('Оборудование:', { bold: true }), loopRows('tools', [500, 3500, 1700, 1700, 1800], ['№', 'Наименование', 'Серийный №', 'Инв. №', 'Место установки'], ['{n}', '{title}', '{serial}', '{inventory}', '{place}'])];
/** A table with a header row, a loop row and a closing row (totals), fixed widths. */
const loopTable = (loop: string, widths: number[], header: string[], cells: string[], last?: string[]) =>
  table(widths, [header, cells.map((c, i) => `${i === 0 ? `{#${loop}}` : ''}${c}${i === cells.length - 1 ? `{/${loop}}` : ''}`), ...(last ? [last] : [])], { header: true });
/**
 * СО-8's works, the branch's stock spares and the ПБС spares, each a table; with costs (and totals
 * to kopecks) when the one who generated the act may see costs, else without the cost columns.
 */
const repairTables = (costs: boolean) => [
  p('Выполненные работы:', { bold: true }),
  costs
    ? loopTable('works', [500, 7200, 1900], ['№', 'Наименование работы', 'Стоимость, руб.'], ['{n}', '{title}', '{cost}'], ['', 'Итого', '{works_total}'])
    : loopRows('works', [500, 9100], ['№', 'Наименование работы'], ['{n}', '{title}']),
  p('Запасные части из комплектов ЗИП филиала:', { bold: true }),
  costs
    ? loopTable('spares_branch', [500, 1200, 4200, 900, 1400, 1400], ['№', 'Код', 'Наименование', 'Кол-во', 'Цена, руб.', 'Сумма, руб.'], ['{n}', '{code}', '{title}', '{amount}', '{cost}', '{sum}'], ['', '', 'Итого', '', '', '{spares_branch_total}'])
    : loopRows('spares_branch', [500, 1500, 6400, 1200], ['№', 'Код', 'Наименование', 'Кол-во'], ['{n}', '{code}', '{title}', '{amount}']),
  p('Запасные части, приобретённые для ремонта (ПБС):', { bold: true }),
  costs
    ? loopTable('spares_pbs', [500, 5400, 900, 1400, 1400], ['№', 'Наименование', 'Кол-во', 'Цена, руб.', 'Сумма, руб.'], ['{n}', '{title}', '{amount}', '{cost}', '{sum}'], ['', 'Итого', '', '', '{spares_pbs_total}'])
    : loopRows('spares_pbs', [500, 7900, 1200], ['№', 'Наименование', 'Кол-во'], ['{n}', '{title}', '{amount}']),
  ...(costs ? [p('Всего по акту: {total} руб.', { bold: true })] : []),
];
const worksAndSpares = [p('{#show_costs}'), ...repairTables(true), p('{/show_costs}{^show_costs}'), ...repairTables(false), p('{/show_costs}')];
const actText = [p('{act_text}')];
/**
 * The signer table: one row per signer, its role, post and name stacked on the left, its signature
 * place on the right (a line for a handwritten signature; on the signed copy a short mark pointing
 * to the stamp). Fixed column widths within the printable width (9638 twips), so names wrap
 * between words. Rows do not split and every paragraph keeps with the next.
 *
 * The stamps follow on their own (ГОСТ Р 7.0.97-2016, 5.23): one bordered box per signature, a
 * fixed-width table of one row at the right margin (under the signatures' column), text wrapped
 * at word boundaries: the title, the signer's role, the certificate's owner, serial, validity and
 * the signing time in the signer's region's time, and for a demo key that it is a demonstration
 * signature. Kept with the signer table on one page.
 */
const SIGNER_WIDTHS = [5400, 4200] as const;
const STAMP_WIDTH = 6000;
const keep = { keepNext: true } as const;
const cellOf = (width: number, content: string) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
const stampBox = `<w:tbl><w:tblPr><w:tblW w:w="${STAMP_WIDTH}" w:type="dxa"/><w:jc w:val="right"/>${borders(12, '1F3864')}${fixed}</w:tblPr><w:tblGrid><w:gridCol w:w="${STAMP_WIDTH}"/></w:tblGrid><w:tr><w:trPr><w:cantSplit/></w:trPr>${cellOf(
  STAMP_WIDTH,
  [
    p('{stamp_title}', { bold: true, center: true, size: 9, ...keep, after: 20 }),
    p('{stamp_role}', { size: 9, ...keep, after: 0 }),
    p('Владелец: {stamp_owner}', { size: 9, ...keep, after: 0 }),
    p('Сертификат: {stamp_serial}', { size: 9, ...keep, after: 0 }),
    p('Действителен: {stamp_valid}', { size: 9, ...keep, after: 0 }),
    p('Подписан: {stamp_signed_at}', { size: 9, ...keep, after: 0 }),
    p('{#stamp_note}{stamp_note}{/stamp_note}', { bold: true, size: 9, ...keep, after: 0 }),
  ].join(''),
)}</w:tr></w:tbl>`;
const signerRow = `<w:tr><w:trPr><w:cantSplit/></w:trPr>${cellOf(
  SIGNER_WIDTHS[0],
  [p('{#signers}{role_title}', { bold: true, size: 11, ...keep, after: 0 }), p('{post}', { size: 11, ...keep, after: 0 }), p('{name}', { size: 11, ...keep })].join(''),
)}${cellOf(SIGNER_WIDTHS[1], p('{#stamp}Подписано электронной подписью{/stamp}{^stamp}_______________________{/stamp}{/signers}', { size: 11, ...keep }))}</w:tr>`;
const signersLoop = [
  p('', keep),
  p('Подписи сторон:', { bold: true, ...keep }),
  `<w:tbl><w:tblPr><w:tblW w:w="${SIGNER_WIDTHS[0] + SIGNER_WIDTHS[1]}" w:type="dxa"/>${fixed}</w:tblPr><w:tblGrid>${SIGNER_WIDTHS.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${signerRow}</w:tbl>`,
  p('{#stamps}', keep),
  stampBox,
  // A paragraph between the boxes keeps them apart (adjacent tables would merge into one).
  p('', { ...keep, after: 0, size: 6 }),
  p('{/stamps}', { ...keep, after: 0 }),
];

const body = (parts: string[]) => [...head, ...parts].join('');

const templates: Record<ActTemplateKind, string> = {
  'act-co-1.3-2': body([...title(), placeDate, ...court, p('Комиссия составила настоящий акт о том, что оборудование введено в эксплуатацию:'),
    loopRows('tools', [400, 2900, 1500, 1300, 1600, 1500], ['№', 'Наименование', 'Серийный №', 'Инв. №', 'Место установки', 'Инструктируемое лицо'], ['{n}', '{title}', '{serial}', '{inventory}', '{place}', '{person}']),
    p('Выполненные работы: {note}'), p('Результат: {result}'), ...actText, ...signersLoop]),
  'act-co-1.3': body([...title(), placeDate, ...court, p('Комиссия составила настоящий акт о том, что оборудование введено в эксплуатацию:'),
    loopRows('tools', [400, 2900, 1500, 1300, 1600, 1500], ['№', 'Наименование', 'Серийный №', 'Инв. №', 'Место установки', 'Инструктируемое лицо'], ['{n}', '{title}', '{serial}', '{inventory}', '{place}', '{person}']),
    p('Выполненные работы: {note}'), p('Результат: {result}'), ...actText, ...signersLoop]),
  'act-co-3': body([...title(), placeDate, ...court, p('Исполнитель: {engineer}'), p('Результат: {result}'), p('Выполненные работы:', { bold: true }), ...actText,
    loopRows('works', [500, 9100], ['№', 'Наименование работы'], ['{n}', '{title}']), ...signersLoop]),
  'act-co-7': body([...title(), placeDate, ...court, ...equipment, p('Заключение комиссии:', { bold: true }), ...actText, ...signersLoop]),
  'act-co-8': body([...title(), placeDate, ...court, ...equipment, ...actText, ...worksAndSpares, p('Оборудование после ремонта работоспособно.'), ...signersLoop]),
  'act-co-4.1': body([...title(), placeDate, ...court, ...equipment, ...actText, ...signersLoop]),
  'act-co-4.2': body([...title(), placeDate, ...court, ...equipment, ...actText, ...signersLoop]),
  'act-learning': body([...title(), placeDate, ...court, p('Вид обучения: {learning_kind}'), p('Обучение провёл: {engineer}'), ...actText,
    p('Прошли обучение:', { bold: true }), loopRows('students', [500, 4800, 3900], ['№', 'Ф. И. О.', 'Должность'], ['{n}', '{name}', '{post}']), ...signersLoop]),
};

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentXml = (content: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${content}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="1418" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;

export const actTemplateDocx = (kind: ActTemplateKind): Buffer => {
  const zip = new PizZip();
  // A fixed date keeps the files byte-identical between runs (their checksum is version 1's).
  const date = new Date('2026-01-01T00:00:00Z');
  zip.file('[Content_Types].xml', contentTypes, { date });
  zip.file('_rels/.rels', rels, { date });
  zip.file('word/document.xml', documentXml(templates[kind]), { date });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('make-act-templates.ts')) {
  const dir = path.join(process.cwd(), 'templates', 'acts');
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(dir, 'earlier'), { recursive: true });
  for (const kind of Object.keys(templates) as ActTemplateKind[]) {
    const file = path.join(dir, `${kind}.docx`);
    const next = actTemplateDocx(kind);
    // A changed built-in keeps its former file (by checksum): acts made from it keep their stamped copies.
    if (existsSync(file)) {
      const before = readFileSync(file);
      if (!before.equals(next)) writeFileSync(path.join(dir, 'earlier', `${createHash('sha256').update(before).digest('hex')}.docx`), before);
    }
    writeFileSync(file, next);
  }
  console.log(`written ${Object.keys(templates).length} templates to ${dir}`);
}
