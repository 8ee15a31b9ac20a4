import { crc32, deflateSync } from 'node:zlib';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { FileRef } from '../../domain/request/state';
import { fileRefOf } from '../../infrastructure/files/file-store';
import type { AppContext } from '../context';

/**
 * Small real files for the living demo: act documents (the act generation from templates does not
 * exist yet, so a plainly marked demo .docx stands in for it), screenshots and protocols for the chat.
 */

const DEMO_NOTE = 'Демонстрационный документ: сформирован при загрузке демо-данных, а не по шаблону акта.';

export interface DemoActInfo {
  readonly title: string;
  readonly actNumber: string;
  readonly date: string;
  readonly requestNumber: number;
  readonly unitName: string;
  readonly lines: readonly string[];
  readonly signers: readonly string[];
}

const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A one-page act: title, number and date, the request, the work lines and the signature lines. */
export const demoActDocx = (act: DemoActInfo): Promise<Buffer> =>
  Packer.toBuffer(
    new Document({
      creator: 'Служба ИТ-поддержки судов (демо)',
      title: `${act.title} № ${act.actNumber}`,
      sections: [
        {
          children: [
            new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun(act.title)] }),
            new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun(`№ ${act.actNumber} от ${ruDate(act.date)}`)] }),
            new Paragraph(`Заявка № ${act.requestNumber}. Объект: ${act.unitName}.`),
            ...act.lines.map((line) => new Paragraph(line)),
            ...act.signers.map((s) => new Paragraph(`${s} ____________________`)),
            new Paragraph({ children: [new TextRun({ text: DEMO_NOTE, italics: true, size: 18 })] }),
          ],
        },
      ],
    }),
  );

/** A short chat attachment (a protocol or a letter) as .docx. */
export const demoNoteDocx = (title: string, lines: readonly string[]): Promise<Buffer> =>
  Packer.toBuffer(
    new Document({
      creator: 'Служба ИТ-поддержки судов (демо)',
      title,
      sections: [{ children: [new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(title)] }), ...lines.map((l) => new Paragraph(l)), new Paragraph(DEMO_NOTE)] }],
    }),
  );

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A small "screenshot" PNG (a window with a red error bar), its colours varied by `seed`. */
export const demoScreenshotPng = (seed: number): Buffer => {
  const w = 64;
  const h = 40;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < w; x++) {
      const p = row + 1 + x * 3;
      const title = y < 6;
      const error = y > 16 && y < 24 && x > 8 && x < 56;
      raw[p] = title ? 40 : error ? 220 : 235 - ((seed * 7) % 30);
      raw[p + 1] = title ? 90 : error ? 50 : 235;
      raw[p + 2] = title ? 160 : error ? 50 : 240 - ((seed * 13) % 40);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Stores the content as an upload would be stored and describes it the way request events reference files. */
export const storeDemoFile = async (ctx: AppContext, name: string, mimetype: string, content: Buffer): Promise<FileRef> =>
  fileRefOf(await ctx.ids.next('file'), name, mimetype, await ctx.files.putBuffer(content));
