import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestApp } from '../../support/app';
import { countFilesUnder } from '../../support/files-on-disk';
import { eventCount, registerRepair, startDeskApp, type Facts } from './helpers';

// requests.md 5 and 9: at most 20 documents and 5 common-tab attachments per request, counted over
// what the request keeps plus what a save adds. A save over a limit is refused with the Russian
// message and changes nothing: no event, no file left on disk.

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;

beforeAll(async () => {
  ({ t, court, engineer, facts } = await startDeskApp());
});
afterAll(async () => {
  await t?.close();
});

const pdf = (name: string) => ({ field: 'files', name, content: Buffer.from(`%PDF-1.4 ${name}`), type: 'application/pdf' });
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}.pdf`);

/** A repair of the court's printer by the branch (its engineer edits the documents), taken by the engineer. */
const takenRepair = async () => {
  const registered = (await registerRepair(court, facts, { request_performer_kind: 'FILIAL' })).json().savedRequest as { id: number; revision: number };
  const taken = await engineer.post(`/api/request/${registered.id}/take`, { revision: registered.revision });
  expect(taken.statusCode, taken.body).toBe(200);
  return taken.json().savedRequest as { id: number; revision: number; docs: unknown[] };
};

const addDocuments = (client: ApiClient, id: number, revision: number, files: string[], kept: Array<{ file_id: string }> = []) =>
  client.multipart(
    'PUT',
    '/api/request',
    { request: { id }, revision, oldDocsList: kept, newDocsList: files.map((file_name) => ({ file_name, sign_type: 'paper', signers_count: 2 })) },
    files.map(pdf),
  );

const unchanged = async (action: () => Promise<{ statusCode: number; json: () => { message?: string } }>, message: string) => {
  const [events, files] = [await eventCount(t), await countFilesUnder(t.server.ctx.config.filesDir)];
  const res = await action();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().message).toBe(message);
  expect(await eventCount(t)).toBe(events);
  expect(await countFilesUnder(t.server.ctx.config.filesDir)).toBe(files);
};

describe('file limits of a request', () => {
  it('documents: 21 at once are refused; 20 are kept; one more then is refused', async () => {
    const r = await takenRepair();
    await unchanged(() => addDocuments(engineer, r.id, r.revision, names('doc', 21)), 'Не более 20 файлов');

    const saved = await addDocuments(engineer, r.id, r.revision, names('doc', 20));
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().savedRequest as { revision: number; docs: Array<{ file_id: string }> };
    expect(after.docs).toHaveLength(20);

    await unchanged(() => addDocuments(engineer, r.id, after.revision, ['doc-21.pdf'], after.docs), 'Не более 20 файлов');
  });

  it('attachments: 6 at registration are refused; 5 are kept; a sixth added later is refused', async () => {
    const request = { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 2, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Не включается принтер в кабинете 12', tool_id: facts.printerId };
    await unchanged(() => court.multipart('POST', '/api/request', { request }, names('att', 6).map(pdf)), 'Не более 5 файлов');
    const five = await court.multipart('POST', '/api/request', { request }, names('att', 5).map(pdf));
    expect(five.statusCode, five.body).toBe(200);
    const registered = five.json().savedRequest as { id: number; revision: number; attachments: Array<{ file_id: string }> };
    expect(registered.attachments).toHaveLength(5);
    // Before it is taken the branch's engineer may still change the common tab's files.
    const kept = registered.attachments.map((a) => ({ file_id: a.file_id }));
    await unchanged(
      () => engineer.multipart('PUT', '/api/request', { request: { id: registered.id }, filesList: [...kept, { file_name: 'att-6.pdf' }] }, [pdf('att-6.pdf')]),
      'Не более 5 файлов',
    );
    // One removed, one added: still five.
    const swapped = await engineer.multipart('PUT', '/api/request', { request: { id: registered.id }, filesList: [...kept.slice(1), { file_name: 'att-6.pdf' }] }, [pdf('att-6.pdf')]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().savedRequest.attachments).toHaveLength(5);
  });
});
