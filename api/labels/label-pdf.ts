import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { labelGeometries, labelPlace, type LabelContent, type LabelLayout } from '../../domain/tool/labels';

/**
 * The label sheet as a PDF (pdfkit; DejaVu Sans from the `dejavu-fonts-ttf` package, embedded and
 * subset, for Cyrillic). QR codes are drawn as vector squares from the encoder's module matrix, so
 * they stay sharp on any printer and cost no image per label.
 */
const require = createRequire(import.meta.url);
const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = join(fontDir, 'DejaVuSansCondensed.ttf');
const FONT_BOLD = join(fontDir, 'DejaVuSansCondensed-Bold.ttf');

const MM = 72 / 25.4;
const PAD = 2; // mm inside the label's edge

/** The QR matrix of a text: size and a dark-module test. */
const qrMatrix = (text: string) => {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const data = qr.modules.data;
  return { size, dark: (r: number, c: number) => data[r * size + c] === 1 };
};

const drawQr = (doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) => {
  const m = qrMatrix(text);
  const quiet = 2;
  const cell = side / (m.size + quiet * 2);
  for (let r = 0; r < m.size; r++) {
    // Runs of dark modules in a row are one rectangle: fewer path operations, smaller file.
    let c = 0;
    while (c < m.size) {
      if (!m.dark(r, c)) {
        c++;
        continue;
      }
      let end = c;
      while (end + 1 < m.size && m.dark(r, end + 1)) end++;
      doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, (end - c + 1) * cell, cell + 0.01);
      c = end + 1;
    }
  }
  doc.fill('#000000');
};

const lines = (l: LabelContent): Array<{ text: string; bold: boolean }> => [
  { text: `Инв. № ${l.inventar_number ?? '—'}`, bold: true },
  { text: `Зав. № ${l.serial_number ?? '—'}`, bold: false },
  { text: [l.kind, l.model].filter(Boolean).join(' ') || '—', bold: false },
  { text: l.unit ?? '', bold: false },
];

/** Streams the PDF of the labels in the given layout; `labels` may be an async source of batches. */
export const labelsPdf = (layout: LabelLayout, labels: AsyncIterable<readonly LabelContent[]>): Readable => {
  const g = labelGeometries[layout];
  const doc = new PDFDocument({ size: [g.pageWidth * MM, g.pageHeight * MM], margin: 0, autoFirstPage: false, compress: true, info: { Title: 'Этикетки оборудования' } });
  doc.registerFont('label', FONT);
  doc.registerFont('label-bold', FONT_BOLD);
  const out = new PassThrough();
  doc.pipe(out);
  const write = async () => {
    let index = 0;
    let page = -1;
    for await (const batch of labels) {
      for (const l of batch) {
        const p = labelPlace(g, index++);
        if (p.page !== page) {
          doc.addPage({ size: [g.pageWidth * MM, g.pageHeight * MM], margin: 0 });
          page = p.page;
        }
        const h = g.labelHeight - PAD * 2;
        const qrSide = Math.min(h, g.labelWidth * 0.45);
        const x = (p.x + PAD) * MM;
        const y = (p.y + PAD) * MM;
        drawQr(doc, l.url, x, y, qrSide * MM);
        const textX = x + (qrSide + 1.5) * MM;
        const textWidth = (g.labelWidth - PAD * 2 - qrSide - 1.5) * MM;
        const size = g.labelHeight < 38 ? 6.5 : 7.5;
        let ty = y + 1 * MM;
        for (const line of lines(l)) {
          if (!line.text) continue;
          doc.font(line.bold ? 'label-bold' : 'label').fontSize(line.bold ? size + 1 : size);
          const height = Math.min(doc.heightOfString(line.text, { width: textWidth }), (line.bold ? size + 1 : size) * 2.4);
          doc.text(line.text, textX, ty, { width: textWidth, height, ellipsis: true, lineGap: 0 });
          ty += height + 1;
          if (ty > y + h * MM) break;
        }
      }
    }
    if (index === 0) doc.addPage();
    doc.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
