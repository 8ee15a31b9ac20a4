import { readdir } from 'node:fs/promises';
import path from 'node:path';
import PizZip from 'pizzip';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ksaCodeOf, technicalDocuments } from '../../../domain/report/technical/documents';
import type { ReportJobView } from '../../../api/jobs/report';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, type Facts } from '../requests/helpers';
import { userWithRights } from '../request-read/support';

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

/** Polls a run to its end. */
const finished = async (client: ApiClient, jobId: string): Promise<ReportJobView> => {
  for (let i = 0; i < 1500; i++) {
    const view = (await client.get(`/api/reports/jobs/${jobId}`)).json() as ReportJobView;
    if (view.state !== 'running' && view.state !== 'waiting') return view;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('document did not finish');
};
const reportsDir = () => path.join(t.server.ctx.config.dataDir, 'reports');
const reportFiles = async () => (await readdir(reportsDir()).catch(() => [] as string[])).sort();

describe('technical documents (decisions 87–96)', () => {
  it('are report jobs: the formulary of the court object from the template of its KSA code, with its tools, downloaded from the run', async () => {
    const units = (await court.get('/api/technical_docs/units')).json().units as Array<{ id: number; vncode: string }>;
    expect(units.map((u) => u.id)).toContain(facts.courtUnit);
    expect(units.map((u) => u.id)).not.toContain(facts.otherUnit);
    const signers = (await court.get(`/api/technical_docs/signers/${facts.courtUnit}`)).json();
    expect(signers.iac.length).toBeGreaterThan(0);
    expect(signers.unit.length).toBeGreaterThan(0);
    const body = { unit_id: facts.courtUnit, iac_signer_id: signers.iac[0].id, unit_signer_id: signers.unit[0].id, year };

    const started = await court.post('/api/reports/formular', body);
    expect(started.statusCode, started.body).toBe(200);
    const jobId = (started.json() as { jobId: string }).jobId;
    const view = await finished(court, jobId);
    expect(view.state, view.error).toBe('done');
    expect(view.phase).toBe('Готово');
    expect(view.workerPid).not.toBe(process.pid);
    const vncode = units.find((u) => u.id === facts.courtUnit)!.vncode;
    const ksa = ksaCodeOf(vncode);
    const name = `${ksa ? `${ksa}_` : ''}${vncode}_Формуляр_${year}.docx`;
    expect(view.fileName).toBe(name);
    // Another user never sees the run or its file.
    expect((await admin.get(`/api/reports/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/reports/jobs/${jobId}/file`)).statusCode).toBe(404);

    const res = await court.get(`/api/reports/jobs/${jobId}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(name);
    const text = textOf(res.rawPayload);
    expect(text).toContain('ФОРМУЛЯР');
    for (const [code, word] of Object.entries(ksaLine)) expect(text.includes(`автоматизации ${word}`)).toBe(code === ksa);
    const serials = (await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT serial_number FROM rm_tools WHERE unit_id = ${facts.courtUnit} AND NOT deleted`)).map(String);
    expect(serials.length).toBeGreaterThan(0);
    for (const s of serials) expect(text).toContain(s);
    expect(text).toContain(`Технические средства: ${serials.length}`);
    expect(text).toContain(signers.iac[0].name);
    // The preview counts what the document lists.
    expect(view.preview?.rows[0]?.cells).toEqual(['Технические средства', serials.length]);

    // The data call answers the same tools.
    const tools = (await court.get(`/api/tools_for_passport?unit_id=${facts.courtUnit}`)).json().tools as Array<{ serial_number: string }>;
    expect(tools.map((x) => x.serial_number).sort()).toEqual([...serials].sort());
    expect((await court.get(`/api/tools_for_passport?unit_id=${facts.otherUnit}`)).statusCode).toBe(404);
  });

  it('refuses before any run: no right (403), an object outside the scope (404), a missing or foreign signer, a year out of range (400); nothing written', async () => {
    const signers = (await court.get(`/api/technical_docs/signers/${facts.courtUnit}`)).json();
    const body = { unit_id: facts.courtUnit, iac_signer_id: signers.iac[0].id, unit_signer_id: signers.unit[0].id, year };
    await userWithRights(t.server.ctx, 'toolsonly', { RIGHT_TOOLS_READ: 4 }, { units: [facts.courtUnit] });
    const toolsOnly = await t.signIn('toolsonly');
    const before = await reportFiles();

    const noRight = await toolsOnly.post('/api/reports/formular', body);
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().message).toMatch(/[А-Яа-я]/);
    const outside = await court.post('/api/reports/formular', { ...body, unit_id: facts.otherUnit });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Объект не найден');
    const noObject = await court.post('/api/reports/passport_tools', { ...body, unit_id: '' });
    expect(noObject.statusCode).toBe(400);
    expect(noObject.json().message).toBe('Нужно выбрать объект');
    const noSigner = await court.post('/api/reports/passport_tools', { ...body, unit_signer_id: '' });
    expect(noSigner.statusCode).toBe(400);
    expect(noSigner.json().message).toBe('Укажите подписанта');
    const foreign = await court.post('/api/reports/passport_tools', { ...body, unit_signer_id: 999999 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.unit_signer_id).toBe('Сотрудник не может подписывать документы этого объекта');
    // The branch director serving the court holds the object-signing right, yet signs for the branch only (requests.md 6).
    const director = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'signer'`));
    expect(signers.iac.map((c: { id: number }) => c.id)).toContain(director);
    expect(signers.unit.map((c: { id: number }) => c.id)).not.toContain(director);
    const branchAsObject = await court.post('/api/reports/passport_tools', { ...body, unit_signer_id: director });
    expect(branchAsObject.statusCode).toBe(400);
    expect(branchAsObject.json().errors).toEqual({ unit_signer_id: 'Сотрудник не может подписывать документы этого объекта' });
    expect((await court.post('/api/reports/passport_tools', { ...body, year: year - 10 })).statusCode).toBe(400);
    expect((await court.post('/api/reports/no_such_document', body)).statusCode).toBe(404);
    // The old direct call is gone: documents start as report runs only.
    expect((await court.post('/api/technical_docs/formular', body)).statusCode).toBe(404);

    expect(await reportFiles()).toEqual(before);
  });

  it('every one of the five documents runs as a job and gives a Word file', async () => {
    const signers = (await court.get(`/api/technical_docs/signers/${facts.courtUnit}`)).json();
    const body = { unit_id: facts.courtUnit, iac_signer_id: signers.iac[0].id, unit_signer_id: signers.unit[0].id, year };
    for (const doc of technicalDocuments) {
      const r = await court.post(`/api/reports/${doc.id}`, body);
      expect(r.statusCode, r.body).toBe(200);
      const view = await finished(court, (r.json() as { jobId: string }).jobId);
      expect(view.state, `${doc.id}: ${view.error ?? ''}`).toBe('done');
      expect(view.fileName).toMatch(new RegExp(`_${doc.file}_${year}\\.docx$`));
      const file = await court.get(`/api/reports/jobs/${view.jobId}/file`);
      expect(file.statusCode).toBe(200);
      expect(textOf(file.rawPayload).length).toBeGreaterThan(0);
    }
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
