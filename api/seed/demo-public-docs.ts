import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { publicOrders } from '../../domain/report/technical/public-docs';
import type { AppContext } from '../context';

/** PDF text strings escape backslashes and parentheses. */
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A minimal valid one-page PDF (PDF 1.4, Helvetica, a correct xref table) with the given lines.
 * The standard fonts have no Cyrillic, so the sample speaks Latin; the administrator replaces it.
 */
export const samplePdf = (lines: readonly string[]): Buffer => {
  const content = ['BT', '/F1 14 Tf', '72 770 Td', '18 TL', ...lines.map((l) => `(${pdfText(l)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** The four orders of the menu 'Документация' as sample PDFs in the public docs folder (decisions 87–96). */
export const seedDemoPublicDocs = async (ctx: AppContext): Promise<void> => {
  const dir = path.join(ctx.config.dataDir, 'public_docs');
  await mkdir(dir, { recursive: true });
  for (const [i, order] of publicOrders.entries()) {
    const pdf = samplePdf([
      `DEMO: order ${i + 1} of the menu "Dokumentatsiya" (${order.name})`,
      'A sample loaded with the demo data.',
      'An administrator replaces it on the screen /public-docs.',
    ]);
    await writeFile(path.join(dir, order.name), pdf);
  }
};
