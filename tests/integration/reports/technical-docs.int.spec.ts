import { readdir } from 'node:fs/promises';
import path from 'node:path';
import PizZip from 'pizzip';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ksaCodeOf } from '../../../domain/report/technical/documents';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, type Facts } from '../requests/helpers';

let t: TestApp;
let court: ApiClient;
let admin: ApiClient;
let facts: Facts;

const textOf = (docx: Buffer) => (new PizZip(docx).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '');
const year = new Date().getFullYear();
const ksaLine: Record<string, string> = { RS: 'районного', OS: 'областного', GV: 'гарнизонного', UD: 'управления', OV: 'окружного' };

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  admin = await t.signIn('admin');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t.close();
});

describe('technical documents (issue 15)', () => {
  it('renders the formulary of the court object from the template of its KSA code, with its tools; outside the scope 404', async () => {
    const units = (await court.get('/api/technical_docs/units')).json().units as Array<{ id: number; vncode: string }>;
    expect(units.map((u) => u.id)).toContain(facts.courtUnit);
    expect(units.map((u) => u.id)).not.toContain(facts.otherUnit);
    const signers = (await court.get(`/api/technical_docs/signers/${facts.courtUnit}`)).json();
    expect(signers.iac.length).toBeGreaterThan(0);
    expect(signers.unit.length).toBeGreaterThan(0);
    const body = { unit_id: facts.courtUnit, iac_signer_id: signers.iac[0].id, unit_signer_id: signers.unit[0].id, year };

    const res = await court.post('/api/technical_docs/formular', body);
    expect(res.statusCode, res.body).toBe(200);
    const vncode = units.find((u) => u.id === facts.courtUnit)!.vncode;
    const ksa = ksaCodeOf(vncode);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`${ksa ? `${ksa}_` : ''}${vncode}_Формуляр_${year}.docx`);
    const text = textOf(res.rawPayload);
    expect(text).toContain('ФОРМУЛЯР');
    for (const [code, word] of Object.entries(ksaLine)) expect(text.includes(`автоматизации ${word}`)).toBe(code === ksa);
    const serials = (await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT serial_number FROM rm_tools WHERE unit_id = ${facts.courtUnit} AND NOT deleted`)).map(String);
    expect(serials.length).toBeGreaterThan(0);
    for (const s of serials) expect(text).toContain(s);
    expect(text).toContain(`Технические средства: ${serials.length}`);
    expect(text).toContain(signers.iac[0].name);

    // The data call answers the same tools.
    const tools = (await court.get(`/api/tools_for_passport?unit_id=${facts.courtUnit}`)).json().tools as Array<{ serial_number: string }>;
    expect(tools.map((x) => x.serial_number).sort()).toEqual([...serials].sort());

    // An object outside the caller's scope, a missing signer, a signer not of this object: refused.
    expect((await court.post('/api/technical_docs/formular', { ...body, unit_id: facts.otherUnit })).statusCode).toBe(404);
    expect((await court.get(`/api/tools_for_passport?unit_id=${facts.otherUnit}`)).statusCode).toBe(404);
    const noSigner = await court.post('/api/technical_docs/passport_tools', { ...body, unit_signer_id: '' });
    expect(noSigner.statusCode).toBe(400);
    expect(noSigner.json().message).toBe('Укажите подписанта');
    expect((await court.post('/api/technical_docs/passport_tools', { ...body, year: year - 10 })).statusCode).toBe(400);
  });

  it('the public documents folder takes a PDF from the administrator only and refuses anything else', async () => {
    const dir = path.join(t.server.ctx.config.dataDir, 'public_docs');
    const before = await readdir(dir).catch(() => [] as string[]);
    const fake = await admin.multipart('POST', '/api/public_docs', { name: 'order-1.pdf' }, [{ field: 'file', name: 'order-1.pdf', content: Buffer.from('MZ not a pdf'), type: 'application/pdf' }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Файл должен быть документом PDF');
    expect(await readdir(dir).catch(() => [] as string[])).toEqual(before);
    expect((await court.get('/api/public_docs/order-1.pdf')).statusCode).toBe(404);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await court.multipart('POST', '/api/public_docs', { name: 'order-1.pdf' }, [{ field: 'file', name: 'order-1.pdf', content: pdf }])).statusCode).toBe(403);
    const ok = await admin.multipart('POST', '/api/public_docs', { name: 'order-1.pdf' }, [{ field: 'file', name: 'x.pdf', content: pdf, type: 'application/pdf' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await court.get('/api/public_docs')).json().docs).toContain('order-1.pdf');
    const got = await court.get('/api/public_docs/order-1.pdf');
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
  });
});
