import PizZip from 'pizzip';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestStreamId } from '../../../domain/request/events';
import { manualActMessages } from '../../../domain/request/manual-act';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { countFilesUnder } from '../../support/files-on-disk';
import { demoFacts, docxOf, eventCount, registerRepair, today, type Facts } from '../requests/helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let admin: ApiClient;
let facts: Facts;
let userIds: Record<string, number>;

const storedFiles = () => countFilesUnder(t.server.ctx.files.root);

/** The repair fields a save fills before СО-8 (inspection after repair) and with the repair itself. */
const warrantyOf = () => (facts.printerUnderWarranty ? 1 : 2);
const inspected = { view_res_before: 1, comment_before: 'Неисправен блок питания', view_res_after: 1, comment_after: 'Заменён блок питания, принтер работает' };
const repaired = () => ({ repair_kind_id: warrantyOf(), repair_type_id: warrantyOf() === 1 ? 1 : 6, repair_result_id: 1, date_repair_d: today(), tool_in_d: today() });

/** A repair request of its own in PERFORMING, inspected: СО-8 (and СО-4.1) may be generated or uploaded. */
const inspectedRepair = async () => {
  const saved = (await registerRepair(court, facts)).json().savedRequest;
  const taken = (await engineer.post(`/api/request/${saved.id}/take`, { revision: saved.revision })).json().savedRequest;
  const res = await engineer.multipart('PUT', '/api/request', { request: { id: saved.id, ...inspected, hotlinegas_number: `2026-${String(saved.id).padStart(6, '0')}` }, revision: taken.revision });
  expect(res.statusCode, res.body).toBe(200);
  return { id: saved.id as number, revision: res.json().savedRequest.revision as number };
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A save uploading one act document with the given list entry and content. */
const uploadAct = (client: ApiClient, id: number, revision: number, entry: Record<string, unknown>, content: Buffer, request: Record<string, unknown> = {}) =>
  client.multipart(
    'PUT',
    '/api/request',
    { request: { id, ...request }, revision, newDocsList: [{ sign_type: 'paper', signers_count: 2, ...entry }] },
    [{ field: 'files', name: String(entry.file_name), content, type: DOCX }],
  );

/** Events of one request: the earlier cases' tool-state reactions may still append to other streams. */
const streamLength = async (id: number) => (await t.server.ctx.store.readStream(requestStreamId(id))).length;

const single = async (id: number) => (await engineer.get(`/api/request_single/${id}`)).json().request;

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  admin = await t.signIn('admin');
  facts = await demoFacts(t);
  const rows = await t.server.ctx.pool.any(sql.unsafe`SELECT id, login FROM rm_users WHERE login IN ('admin', 'signer', 'signer_unit')`);
  userIds = Object.fromEntries(rows.map((r) => [String(r.login), Number(r.id)]));
});
afterAll(async () => {
  await t.close();
});

describe('a repair request reaches PERFORMED through its act (requests.md 4.2)', () => {
  it('through the generated СО-8: generation fills the act fields, the save with the repair makes it «Выполнена»; removing the act clears them', async () => {
    const { id } = await inspectedRepair();
    const body = { requestId: id, actKind: 'CO_8', actDate: today(), signersCount: 2, signType: 'electron', signers: { iac: userIds.admin, unit: userIds.signer_unit } };
    const generated = await engineer.post('/api/request_act', body);
    expect(generated.statusCode, generated.body).toBe(200);
    const { document, savedRequest } = generated.json();
    expect(savedRequest).toMatchObject({ request_status_id: 3, co_8_number: document.act_number, co_8_d: today() });

    const res = await engineer.multipart('PUT', '/api/request', { request: { id, ...repaired(), note: 'Выполнен ремонт' }, revision: savedRequest.revision, works: [{ title: 'Замена блока питания', cost: 1500 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savedRequest).toMatchObject({ request_status_id: 4, result_d: expect.stringContaining(today()), co_8_number: document.act_number });
    await t.settled();
    const history = (await engineer.get(`/api/request_history/${id}`)).json().request_history as Array<{ request_attr: string; value_new: string }>;
    expect(history.filter((r) => r.request_attr === 'request_status_id').map((r) => r.value_new)).toContain('Выполнена');
    const docs = (await engineer.get(`/api/request_docs/${id}`)).json().docs;
    expect(docs).toEqual([expect.objectContaining({ file_id: document.file_id, act_kind: 'CO_8', added_manually: false, act_number: document.act_number, act_date: today() })]);

    // Removing the act (RIGHT_REQUEST_DOCS_DELETE) clears its number and date (4.3).
    const removed = await admin.multipart('PUT', '/api/request', { request: { id }, revision: res.json().savedRequest.revision, oldDocsList: [] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().savedRequest).toMatchObject({ co_8_number: null, co_8_d: null, docs: [] });
  });

  it('through a hand-uploaded СО-8 with its number and date: «Выполнена», the act fields from the upload; removing it clears them', async () => {
    const { id, revision } = await inspectedRepair();
    const content = docxOf('Акт СО-8 № СР-5/2026');
    const res = await uploadAct(engineer, id, revision, { file_name: 'Акт СО-8.docx', act_kind: 'CO_8', act_number: ' СР-5/2026 ', act_date: today() }, content, { ...repaired(), note: 'Выполнен ремонт' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().savedRequest;
    expect(saved).toMatchObject({ request_status_id: 4, result_d: expect.stringContaining(today()), co_8_number: 'СР-5/2026', co_8_d: today() });
    await t.settled();
    const docs = (await engineer.get(`/api/request_docs/${id}`)).json().docs;
    expect(docs).toEqual([expect.objectContaining({ act_kind: 'CO_8', added_manually: true, act_number: 'СР-5/2026', act_date: today() })]);
    const file = await engineer.get(`/api/request_file/${id}/${docs[0].file_id}`);
    expect(file.rawPayload.equals(content)).toBe(true);

    const removed = await admin.multipart('PUT', '/api/request', { request: { id }, revision: saved.revision, oldDocsList: [] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().savedRequest).toMatchObject({ co_8_number: null, co_8_d: null, docs: [] });
  });
});

describe('a hand-uploaded act is a real document with its number and date (decisions 72–86)', () => {
  it('refuses a wrong type, a wrong content, a missing or bad number or date: a Russian 400, no event, no file', async () => {
    const { id, revision } = await inspectedRepair();
    const good = { file_name: 'Акт СО-4.1.docx', act_kind: 'CO_41', act_number: 'СЦВ-3/2026', act_date: today() };
    const docx = docxOf('Акт СО-4.1');
    const renamedZip = new PizZip();
    renamedZip.file('readme.txt', 'не документ');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await t.settled();
    const events = await streamLength(id);
    const files = await storedFiles();
    for (const [entry, content, message] of [
      [{ ...good, file_name: 'Акт.zip' }, docx, manualActMessages.type],
      [{ ...good, file_name: 'Акт.exe' }, Buffer.from('MZ\x90\x00'), manualActMessages.type],
      [good, Buffer.from('PK это не документ'), manualActMessages.content('Акт СО-4.1.docx')],
      [good, renamedZip.generate({ type: 'nodebuffer' }), manualActMessages.content('Акт СО-4.1.docx')],
      [good, Buffer.alloc(0), manualActMessages.content('Акт СО-4.1.docx')],
      [{ ...good, file_name: 'Акт.pdf' }, docx, manualActMessages.content('Акт.pdf')],
      [{ ...good, file_name: 'Акт.doc' }, pdf, manualActMessages.content('Акт.doc')],
      [{ ...good, file_name: 'скан.jpg' }, pdf, manualActMessages.content('скан.jpg')],
      [{ ...good, act_number: '  ' }, docx, manualActMessages.number],
      [{ ...good, act_number: 'Н'.repeat(51) }, docx, manualActMessages.numberMax],
      [{ ...good, act_date: null }, docx, manualActMessages.date],
      [{ ...good, act_date: '2026-02-30' }, docx, 'Неверная дата'],
      [{ ...good, act_date: '01.03.2026' }, docx, 'Введите дату в формате DD.MM.YYYY'],
      [{ ...good, act_date: '2020-01-01' }, docx, 'Дата должна быть больше или равна'],
      [{ ...good, act_number: 17 }, docx, 'Неверное значение'],
    ] as const) {
      const res = await uploadAct(engineer, id, revision, entry, content);
      expect(res.statusCode, `${JSON.stringify(entry)}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await streamLength(id)).toBe(events);
    expect(await storedFiles()).toBe(files);

    // A PDF and a scan pass; a document that is not an act is not checked for number and date.
    const pdfAct = await uploadAct(engineer, id, revision, { ...good, file_name: 'Акт СО-4.1.pdf' }, pdf);
    expect(pdfAct.statusCode, pdfAct.body).toBe(200);
    expect(pdfAct.json().savedRequest).toMatchObject({ request_status_id: 3, co_41_number: 'СЦВ-3/2026', co_41_d: today() });
    const note = await uploadAct(engineer, id, pdfAct.json().savedRequest.revision, { file_name: 'Пояснение.docx', act_kind: null }, Buffer.from('любой текст'));
    expect(note.statusCode, note.body).toBe(200);
  });

  it('a plain save cannot type the act number or date: a Russian 400 and no event; sending them unchanged is fine', async () => {
    const { id, revision } = await inspectedRepair();
    await t.settled();
    const events = await eventCount(t);
    for (const typed of [{ co_8_number: 'СР-999/2026' }, { co_8_d: today() }, { co_3_number: 'ВР-1' }, { co_13_d: '2026-01-01' }]) {
      const res = await engineer.multipart('PUT', '/api/request', { request: { id, ...typed }, revision });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(manualActMessages.typed);
    }
    // Nor on registration.
    const created = await registerRepair(court, facts, { co_7_number: 'ТС-1' });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().message).toBe(manualActMessages.typed);
    expect(await eventCount(t)).toBe(events);

    const current = await single(id);
    const same = await engineer.multipart('PUT', '/api/request', { request: { id, co_8_number: current.co_8_number, co_8_d: current.co_8_d ?? '', note: 'Проверено' }, revision });
    expect(same.statusCode, same.body).toBe(200);
  });
});
