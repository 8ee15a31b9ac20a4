/*
 * Writes the built-in Word templates of acts (templates/acts/*.docx, version 1 of each). The XML is
 * written here so the templates can be reviewed in a diff; an administrator may later replace any of
 * them with a version restyled in Word (POST /api/act_templates/{kind}). Tags are docxtemplater's:
 * {tag}, table-row loops {#tools}…{/tools} in one row, sections {#stamps}…{/stamps}.
 * Run: npx tsx scripts/make-act-templates.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import type { ActTemplateKind } from '../domain/act/templates';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface RunOptions {
  bold?: boolean;
  size?: number;
  center?: boolean;
  right?: boolean;
}
const run = (text: string, o: RunOptions = {}) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/>${o.bold ? '<w:b/>' : ''}<w:sz w:val="${(o.size ?? 12) * 2}"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const p = (text: string, o: RunOptions = {}) =>
  `<w:p><w:pPr><w:spacing w:after="60"/>${o.center ? '<w:jc w:val="center"/>' : o.right ? '<w:jc w:val="right"/>' : ''}</w:pPr>${run(text, o)}</w:p>`;
const cell = (text: string, width: number, o: RunOptions = {}) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${p(text, o)}</w:tc>`;
const borders = (sz: number, color = '000000') =>
  `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => `<w:${b} w:val="single" w:sz="${sz}" w:space="0" w:color="${color}"/>`).join('')}</w:tblBorders>`;
const table = (widths: number[], rows: string[][], o: { header?: boolean; border?: boolean } = {}) =>
  `<w:tbl><w:tblPr><w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/>${o.border === false ? '' : borders(4)}</w:tblPr><w:tblGrid>${widths
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
const placeDate = p('г. {region}                                                                               {act_date}');
const court = [
  p('Объект: {court_name}, {unit_name}'),
  p('Адрес: {unit_address}'),
  p('Заявка № {request_number} от {request_date}; номер на горячей линии: {hotline_number}'),
];
const equipment = [p('Оборудование:', { bold: true }), loopRows('tools', [500, 3500, 1700, 1700, 1800], ['№', 'Наименование', 'Серийный №', 'Инв. №', 'Место установки'], ['{n}', '{title}', '{serial}', '{inventory}', '{place}'])];
const worksAndSpares = [
  p('Выполненные работы:', { bold: true }),
  loopRows('works', [500, 8700], ['№', 'Наименование работы'], ['{n}', '{title}']),
  p('Использованные запасные части и материалы:', { bold: true }),
  loopRows('spares', [500, 8700], ['№', 'Наименование'], ['{n}', '{title}']),
];
const actText = [p('{act_text}')];
const signersLoop = [
  p(''),
  p('Подписи сторон:', { bold: true }),
  table([3600, 2800, 1200, 1600], [['{#signers}{role_title}', '{post}', '________', '{name}{/signers}']], { border: false }),
];
const explicitSigners = (three: boolean) => [
  p(''),
  p('Подписи сторон:', { bold: true }),
  table(
    [3600, 2800, 1200, 1600],
    [
      ['От филиала ФГБУ ИАЦ Судебного департамента', '{iac_post}', '________', '{iac_name}'],
      ['От объекта', '{unit_signer_post}', '________', '{unit_signer_name}'],
      ...(three ? [['Итоговый подписант', '{final_post}', '________', '{final_name}']] : []),
    ],
    { border: false },
  ),
];
/** The visible signature stamps of the signed copy (ГОСТ Р 7.0.97-2016), one bordered table each; none on the original. */
const stamps = [
  p('{#stamps}'),
  `<w:tbl><w:tblPr><w:tblW w:w="5200" w:type="dxa"/>${borders(12, '1F3864')}</w:tblPr><w:tblGrid><w:gridCol w:w="5200"/></w:tblGrid>${[
    ['{stamp_title}', true],
    ['{stamp_role}', false],
    ['Сертификат: {stamp_serial}', false],
    ['Владелец: {stamp_owner}', false],
    ['Действителен: {stamp_valid}', false],
    ['Подписан: {stamp_signed_at}', false],
  ]
    .map(([t, b]) => `<w:tr>${cell(t as string, 5200, { bold: b as boolean, size: 9, center: b as boolean })}</w:tr>`)
    .join('')}</w:tbl>`,
  p('{/stamps}'),
];

const body = (parts: string[]) => [...head, ...parts, ...stamps].join('');

const templates: Record<ActTemplateKind, string> = {
  'act-co-1.3-2': body([...title(), placeDate, ...court, p('Комиссия составила настоящий акт о том, что оборудование введено в эксплуатацию:'),
    loopRows('tools', [400, 2900, 1500, 1300, 1600, 1500], ['№', 'Наименование', 'Серийный №', 'Инв. №', 'Место установки', 'Инструктируемое лицо'], ['{n}', '{title}', '{serial}', '{inventory}', '{place}', '{person}']),
    p('Выполненные работы: {note}'), p('Результат: {result}'), ...actText, ...explicitSigners(false)]),
  'act-co-1.3': body([...title(), placeDate, ...court, p('Комиссия составила настоящий акт о том, что оборудование введено в эксплуатацию:'),
    loopRows('tools', [400, 2900, 1500, 1300, 1600, 1500], ['№', 'Наименование', 'Серийный №', 'Инв. №', 'Место установки', 'Инструктируемое лицо'], ['{n}', '{title}', '{serial}', '{inventory}', '{place}', '{person}']),
    p('Выполненные работы: {note}'), p('Результат: {result}'), ...actText, ...explicitSigners(true)]),
  'act-co-3': body([...title(), placeDate, ...court, p('Исполнитель: {engineer}'), p('Результат: {result}'), p('Выполненные работы:', { bold: true }), ...actText, ...signersLoop]),
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
  for (const kind of Object.keys(templates) as ActTemplateKind[]) writeFileSync(path.join(dir, `${kind}.docx`), actTemplateDocx(kind));
  console.log(`written ${Object.keys(templates).length} templates to ${dir}`);
}
