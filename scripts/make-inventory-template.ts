/**
 * Writes templates/inventory/statement.docx, the inventory statement's Word template (docxtemplater
 * tags; an administrator may restyle it in Word keeping the tags). Run: npx tsx scripts/make-inventory-template.ts
 */
import { writeFileSync } from 'node:fs';
import { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold, size: 20 })] })] });
const listTable = (loop: string, last: string, lastTitle: string) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: [cell('№', true), cell('Оборудование', true), cell('Инв. №', true), cell('Зав. №', true), cell(lastTitle, true)] }),
      new TableRow({ children: [cell(`{#${loop}}{n}`), cell('{title}'), cell('{inventar_number}'), cell('{serial_number}'), cell(`{${last}}{/${loop}}`)] }),
    ],
  });
const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 120 }, children: [new TextRun({ text, bold: true, size: 24 })] });
const line = (text: string) => new Paragraph({ children: [new TextRun({ text, size: 22 })] });

const doc = new Document({
  styles: { default: { document: { run: { font: 'Times New Roman' } } } },
  sections: [
    {
      children: [
        new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: 'ИНВЕНТАРИЗАЦИОННАЯ ВЕДОМОСТЬ № {number}', bold: true, size: 28 })] }),
        new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: 'оборудования информационных технологий', size: 24 })] }),
        line('Объекты: {units}'),
        line('Начата: {started_at} ({started_by}). Завершена: {finished_at}.'),
        line('Числилось: {expected}. Найдено: {found_count}. Не найдено: {missing_count}. Числится на других объектах: {elsewhere_count}. Нет в реестре: {unknown_count}.'),
        heading('1. Найдено на месте'),
        listTable('found', 'place', 'Объект'),
        heading('2. Не найдено'),
        listTable('missing', 'place', 'Числится на объекте'),
        heading('3. Найдено, но числится на другом объекте'),
        listTable('elsewhere', 'decision', 'Решение'),
        heading('4. Нет в реестре'),
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [
            new TableRow({ tableHeader: true, children: [cell('№', true), cell('Код (номер с этикетки)', true), cell('Где найдено', true)] }),
            new TableRow({ children: [cell('{#unknown}{n}'), cell('{code}'), cell('{place}{/unknown}')] }),
          ],
        }),
        heading('Подписи'),
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          borders: { top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' }, bottom: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' }, left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' }, right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' }, insideHorizontal: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' }, insideVertical: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } },
          rows: [new TableRow({ children: [cell('{#signers}{post}'), cell('_______________'), cell('{name}{/signers}')] })],
        }),
      ],
    },
  ],
});

writeFileSync(new URL('../templates/inventory/statement.docx', import.meta.url), await Packer.toBuffer(doc));
