/*
 * Writes the Word templates of the technical documents (templates/technical/{document}-{KSA}.docx and
 * {document}-default.docx, equipment.md 9): one per document and KSA code of the object's vncode, the
 * default one blank of any KSA title. The XML is written here so the templates can be reviewed in a
 * diff. Tags are docxtemplater's: {tag}, table-row loops {#tools}…{/tools} in one row.
 * Run: npx tsx scripts/make-technical-templates.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import { ksaCodes, technicalDocuments, templateFileOf, type KsaCode, type TechnicalDocument } from '../domain/report/technical/documents';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string, bold = false, size = 12) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/>${bold ? '<w:b/>' : ''}<w:sz w:val="${size * 2}"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const p = (text: string, o: { bold?: boolean; center?: boolean; size?: number } = {}) =>
  `<w:p><w:pPr><w:spacing w:after="60"/>${o.center ? '<w:jc w:val="center"/>' : ''}</w:pPr>${run(text, o.bold, o.size)}</w:p>`;
const cell = (text: string, width: number, bold = false) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${p(text, { bold, size: 10 })}</w:tc>`;
const borders = `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((b) => `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`).join('')}</w:tblBorders>`;
/** A table whose second row repeats once per item of `loop`. */
const loopTable = (loop: string, columns: ReadonlyArray<readonly [string, string, number]>) => {
  const widths = columns.map((c) => c[2]);
  const head = `<w:tr>${columns.map(([t, , w]) => cell(t, w, true)).join('')}</w:tr>`;
  const row = `<w:tr>${columns.map(([, tag, w], i) => cell(`${i === 0 ? `{#${loop}}` : ''}{${tag}}${i === columns.length - 1 ? `{/${loop}}` : ''}`, w)).join('')}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/>${borders}</w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${head}${row}</w:tbl>`;
};

/** The KSA each code names (the default blank leaves the title to the object's own name). */
const ksaTitles: Record<KsaCode, string> = {
  RS: 'Комплекс средств автоматизации районного (городского) суда',
  OS: 'Комплекс средств автоматизации областного (краевого) суда',
  GV: 'Комплекс средств автоматизации гарнизонного военного суда',
  UD: 'Комплекс средств автоматизации управления Судебного департамента',
  OV: 'Комплекс средств автоматизации окружного (флотского) военного суда',
};

const toolsTable = loopTable('tools', [
  ['№', 'n', 500], ['Вид', 'kind', 2200], ['Производитель, модель', 'model', 3000], ['Серийный №', 'serial', 1900],
  ['Инв. №', 'inventory', 1600], ['Ввод в эксплуатацию', 'commissioned', 1500], ['Место установки', 'place', 2000],
]);
const softwareTable = loopTable('software', [['№', 'n', 500], ['Наименование', 'title', 5200], ['Версия', 'version', 2000], ['Подсистема', 'subsystem', 3000], ['Установлено на ТС', 'count', 1800]]);
const requestsTable = loopTable('requests', [['№', 'n', 500], ['Номер заявки', 'number', 1300], ['Дата', 'date', 1300], ['Вид', 'kind', 2400], ['Описание', 'text', 5400], ['Состояние', 'status', 1800]]);
const signers = `<w:tbl><w:tblPr><w:tblW w:w="12700" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4200"/><w:gridCol w:w="4200"/><w:gridCol w:w="1800"/><w:gridCol w:w="2500"/></w:tblGrid>${[
  ['От филиала ФГБУ ИАЦ Судебного департамента', '{iac_post}', '__________', '{iac_name}'],
  ['От объекта', '{unit_signer_post}', '__________', '{unit_signer_name}'],
].map((r) => `<w:tr>${r.map((c, i) => cell(c, [4200, 4200, 1800, 2500][i]!)).join('')}</w:tr>`).join('')}</w:tbl>`;

const body = (doc: TechnicalDocument, ksa: KsaCode | null) => {
  const parts = [
    p('{branch}', { center: true, size: 11 }),
    p(ksa ? ksaTitles[ksa] : '', { center: true, bold: true }),
    p(`${doc.title.toUpperCase()}`, { center: true, bold: true, size: 14 }),
    p('{court_name}, {unit_name}', { center: true }),
    p('Адрес: {unit_address}'),
    p('Код объекта (VNCODE): {vncode}. Год: {year}. Регион: {region}'),
    p('Технические средства: {tools_count}', { bold: true }),
  ];
  if (doc.software === null) parts.push(toolsTable);
  else parts.push(p('Программное обеспечение: {software_count}', { bold: true }), softwareTable);
  if (doc.id === 'formular') parts.push(p('Программное обеспечение: {software_count}', { bold: true }), softwareTable);
  if (doc.requests) parts.push(p('Заявки за {year} год (с 01.01.{year} по 31.12.{year}): {requests_count}', { bold: true }), requestsTable);
  parts.push(p(''), p('Дата составления: {date}'), signers);
  return parts.join('');
};

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
// Landscape A4: the tool and request tables are wide.
const documentXml = (content: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${content}<w:sectPr><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/><w:pgMar w:top="1134" w:right="850" w:bottom="850" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;

export const technicalTemplateDocx = (doc: TechnicalDocument, ksa: KsaCode | null): Buffer => {
  const zip = new PizZip();
  const date = new Date('2026-01-01T00:00:00Z'); // byte-identical files between runs
  zip.file('[Content_Types].xml', contentTypes, { date });
  zip.file('_rels/.rels', rels, { date });
  zip.file('word/document.xml', documentXml(body(doc, ksa)), { date });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('make-technical-templates.ts')) {
  const dir = path.join(process.cwd(), 'templates', 'technical');
  mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const doc of technicalDocuments)
    for (const ksa of [...ksaCodes, null]) {
      writeFileSync(path.join(dir, templateFileOf(doc.id, ksa)), technicalTemplateDocx(doc, ksa));
      n += 1;
    }
  console.log(`written ${n} templates to ${dir}`);
}
