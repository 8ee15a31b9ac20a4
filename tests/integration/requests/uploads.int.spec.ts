import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestApp } from '../../support/app';
import { countFilesUnder } from '../../support/files-on-disk';
import { eventCount, registerRepair, type Facts, startDeskApp } from './helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;

beforeAll(async () => ({ t, court, engineer, facts } = await startDeskApp()));
afterAll(() => t.close());

/** Every file under the files directory, temporary ones included. */
const filesOnDisk = () => countFilesUnder(t.server.ctx.config.filesDir);

let seq = 0;
/** A small PDF-named file with unique content (the store deduplicates equal contents). */
const pdf = (name = `scan-${++seq}.pdf`, bytes = 1024) => {
  const content = Buffer.alloc(bytes, 7);
  content.write(`unique ${seq} ${Date.now()} ${Math.random()}`);
  return { field: 'files', name, content, type: 'application/pdf' };
};

/** Runs a call that must be refused with `status` and checks that it left no file and no event. */
const refusedWithoutTrace = async (status: number, call: () => Promise<LightMyRequestResponse>) => {
  const files = await filesOnDisk();
  const events = await eventCount(t);
  const res = await call();
  expect(res.statusCode, res.body).toBe(status);
  expect(await filesOnDisk()).toBe(files);
  expect(await eventCount(t)).toBe(events);
  return res;
};

describe('refused uploads leave no file on disk', () => {
  it('without the right to create groups of requests (403)', async () => {
    await refusedWithoutTrace(403, () =>
      court.multipart('POST', '/api/request_multiple', { unitsIds: [facts.courtUnit], requestText: 'Обновить антивирус' }, [pdf(), pdf()]),
    );
  });

  it('for a request of another court (404) and for a request that does not exist (404)', async () => {
    // A request of a court in another region, registered by that court's user.
    const pool = t.server.ctx.pool;
    const other = await pool.one(sql.unsafe`SELECT id, login, units FROM rm_users WHERE login LIKE 'court\_%' ORDER BY login LIMIT 1`);
    const otherUnit = Number((other.units as number[])[0]);
    const otherFacts = {
      ...facts,
      courtUserId: Number(other.id),
      courtUnit: otherUnit,
      regionId: Number(await pool.oneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${otherUnit}`)),
      printerId: Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${otherUnit} AND tool_kind_id = 4 AND state = 2 ORDER BY id LIMIT 1`)),
    };
    const created = await registerRepair(await t.signIn(String(other.login)), otherFacts);
    expect(created.statusCode, created.body).toBe(200);
    const foreign = Number(created.json().savedRequest.id);
    await refusedWithoutTrace(404, () => court.multipart('PUT', `/api/request/${foreign}`, { request: { note: 'x' } }, [pdf()]));
    await refusedWithoutTrace(404, () => court.multipart('PUT', '/api/request', { request: { id: foreign, note: 'x' } }, [pdf()]));
    await refusedWithoutTrace(404, () => court.multipart('PUT', '/api/request/99999999', { request: { note: 'x' } }, [pdf()]));
    await refusedWithoutTrace(404, () =>
      court.multipart('POST', '/api/request_comments', { requestComment: { request_id: foreign, comment: 'Здравствуйте' } }, [pdf()]),
    );
  });

  it('a file over 50 MB (400 with the spec message)', async () => {
    const res = await refusedWithoutTrace(400, () =>
      court.multipart('POST', '/api/request', { request: { unit_id: facts.courtUnit, request_kind_id: 2, request_text: 'Не работает принтер' } }, [
        pdf(),
        pdf('big.pdf', 50 * 1024 * 1024 + 1),
      ]),
    );
    expect(res.body).toContain('Размер файла не может быть более 50 мегабайт');
  });

  it('too many files in one call (400)', async () => {
    const many = Array.from({ length: 26 }, () => pdf());
    const res = await refusedWithoutTrace(400, () => court.multipart('POST', '/api/request', { request: { unit_id: facts.courtUnit } }, many));
    expect(res.json().message).toBe('Не более 25 файлов');
    const chat = (await registerRepair(court, facts)).json().savedRequest;
    const six = Array.from({ length: 6 }, () => pdf());
    await refusedWithoutTrace(400, () => court.multipart('POST', '/api/request_comments', { requestComment: { request_id: chat.id, comment: 'Фото принтера' } }, six));
  });

  it('invalid form data, a forbidden file type and a stale save (400, 400, 409)', async () => {
    await refusedWithoutTrace(400, () => court.multipart('POST', '/api/request', { request: '{broken json' }, [pdf()]));
    await refusedWithoutTrace(400, () => court.multipart('POST', '/api/request', { notARequest: 1 }, [pdf()]));
    await refusedWithoutTrace(400, () => court.multipart('POST', '/api/request_comments', { requestComment: { comment: 'без заявки' } }, [pdf()]));
    await refusedWithoutTrace(400, () =>
      court.multipart('POST', '/api/request', {
        request: { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 2, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Не работает принтер', tool_id: facts.printerId },
      }, [pdf('virus.exe')]),
    );
    const req = (await registerRepair(court, facts)).json().savedRequest;
    const taken = await engineer.post(`/api/request/${req.id}/take`, { revision: req.revision });
    expect(taken.statusCode, taken.body).toBe(200);
    await refusedWithoutTrace(409, () =>
      court.multipart('PUT', '/api/request', { request: { id: req.id, note: 'Старая версия' }, revision: req.revision, filesList: [{ name: 'act.pdf' }] }, [pdf('act.pdf')]),
    );
  });
});

describe('accepted uploads', () => {
  it('store exactly their files, served back with our type as attachments', async () => {
    const before = await filesOnDisk();
    const a = pdf('Акт (копия).pdf');
    const b = pdf('photo.png');
    const res = await court.multipart('POST', '/api/request', {
      request: { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 2, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Не работает принтер', tool_id: facts.printerId },
    }, [a, { ...b, type: 'text/html' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await filesOnDisk()).toBe(before + 2);
    const saved = res.json().savedRequest as { id: number; attachments: Array<{ file_id: string; file_name: string }> };
    const png = saved.attachments.find((f) => f.file_name === 'photo.png')!;
    const got = await court.get(`/api/request_file/${saved.id}/${png.file_id}`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(b.content)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const act = saved.attachments.find((f) => f.file_name === 'Акт (копия).pdf')!;
    const gotAct = await court.get(`/api/request_file/${saved.id}/${act.file_id}`);
    expect(gotAct.headers['content-type']).toBe('application/pdf');
    expect(gotAct.headers['content-disposition']).toBe(
      `attachment; filename="___ (_____).pdf"; filename*=UTF-8''${encodeURIComponent('Акт').concat('%20%28', encodeURIComponent('копия'), '%29.pdf')}`,
    );
    // A chat message with a file: one more.
    const chat = await court.multipart('POST', '/api/request_comments', { requestComment: { request_id: saved.id, comment: 'Фото принтера' } }, [pdf('chat.png')]);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(await filesOnDisk()).toBe(before + 3);
  });
});
