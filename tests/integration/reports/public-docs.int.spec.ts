import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrders } from '../../../domain/report/technical/public-docs';
import { samplePdf, seedDemoPublicDocs } from '../../../api/seed/demo-public-docs';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

let t: TestApp;
let admin: ApiClient;
let engineer: ApiClient;
let court: ApiClient;
let dir: string;

const listDir = () => readdir(dir).catch(() => [] as string[]);
const upload = (who: ApiClient, name: string, content: Buffer, fileName = 'x.pdf') =>
  who.multipart('POST', '/api/public_docs', { name }, [{ field: 'file', name: fileName, content, type: 'application/pdf' }]);

/** The xref table's offsets point at the objects they name: the sample is a well-formed PDF. */
const expectWellFormedPdf = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(entries.length).toBe(5);
  entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  engineer = await t.signIn('engineer');
  court = await t.signIn('court');
  dir = path.join(t.server.ctx.config.dataDir, 'public_docs');
});
afterAll(async () => {
  await t.close();
});

describe('the public documents folder of the menu Документация (decisions 87–96)', () => {
  it('refuses a file that is not a PDF by content, a bad name and a caller without RIGHT_SETTINGS FULL, leaving no file', async () => {
    const before = await listDir();
    const fake = await upload(admin, 'order-2.pdf', Buffer.from('MZ\x90\x00 an executable named .pdf'), 'order-2.pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Файл должен быть документом PDF');
    for (const bad of ['../order-2.pdf', 'order-2.exe', '.hidden.pdf', 'a/b.pdf', `${'я'.repeat(121)}.pdf`]) {
      const res = await upload(admin, bad, samplePdf(['x']));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Имя файла: буквы, цифры, пробел, точка, дефис или подчеркивание, с расширением .pdf');
    }
    expect((await upload(engineer, 'order-2.pdf', samplePdf(['x']))).statusCode).toBe(403);
    expect((await upload(court, 'order-2.pdf', samplePdf(['x']))).statusCode).toBe(403);
    expect((await t.anonymous.multipart('POST', '/api/public_docs', { name: 'order-2.pdf' }, [{ field: 'file', name: 'x.pdf', content: samplePdf(['x']) }])).statusCode).toBe(401);
    expect(await listDir()).toEqual(before);
    const missing = await court.get('/api/public_docs/order-2.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Документ еще не загружен администратором');
    expect((await court.get('/api/public_docs/..%2Fconfig.pdf')).statusCode).toBe(404);
  });

  it('the administrator loads and replaces an order; every signed-in user reads it inline, a guest does not', async () => {
    const first = samplePdf(['first']);
    const ok = await upload(admin, 'order-2.pdf', first);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Документ «order-2.pdf» загружен');
    const second = samplePdf(['second']);
    expect((await upload(admin, 'order-2.pdf', second)).statusCode).toBe(200);
    expect(await listDir()).toContain('order-2.pdf');
    expect((await listDir()).some((n) => n.endsWith('.part'))).toBe(false);

    expect((await engineer.get('/api/public_docs')).json().docs).toContain('order-2.pdf');
    const got = await court.get('/api/public_docs/order-2.pdf');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toMatch(/^inline;/);
    expect(got.rawPayload.equals(second)).toBe(true);
    expect((await t.anonymous.get('/api/public_docs/order-2.pdf')).statusCode).toBe(401);
    expect((await t.anonymous.get('/api/public_docs')).statusCode).toBe(401);
  });

  it('the demo puts the four orders as well-formed sample PDFs', async () => {
    await seedDemoPublicDocs(t.server.ctx);
    const docs = (await court.get('/api/public_docs')).json().docs as string[];
    for (const order of publicOrders) {
      expect(docs).toContain(order.name);
      const res = await court.get(`/api/public_docs/${order.name}`);
      expect(res.statusCode).toBe(200);
      expectWellFormedPdf(res.rawPayload);
    }
  });
});
