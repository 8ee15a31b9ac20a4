import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, today, type Facts } from './helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let hotline: ApiClient;
let senior: ApiClient;
let facts: Facts;
let program: number;

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  hotline = await t.signIn('hotline');
  senior = await t.signIn('senior');
  facts = await demoFacts(t);
  program = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`
    SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND (data->>'type')::int = 1 ORDER BY id LIMIT 1`));
});
afterAll(async () => {
  await t.close();
});

/**
 * The branch registers a special software request, takes it and passes it to the hot line: each
 * case starts from a request of its own (none depends on another having run).
 */
const passedToHotline = async () => {
  const created = await court.multipart('POST', '/api/request', {
    request: {
      region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 4, program_id: program,
      contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Ошибка при формировании судебного акта в ПИ ГАС',
    },
  });
  const id = created.json().savedRequest?.id as number;
  const taken = await engineer.post(`/api/request/${id}/take`, {});
  const passed = await engineer.multipart('PUT', '/api/request', {
    request: { id, result: 'passed to hot line', result_type: 1, note: 'Требуется исправление в ПИ ГАС, передано на ГЛ' },
  });
  return { id, created, taken, passed };
};

/** The hot line takes the request, records a fulfilled result, and the head performer closes it. */
const fulfilledByHotline = async (id: number) => {
  const engineerTakes = await engineer.post(`/api/request/${id}/hotline-take`, {});
  const taken = await hotline.post(`/api/request/${id}/hotline-take`, {});
  const done = await hotline.multipart('PUT', '/api/request', {
    request: { id, hotline_result_id: 1, hotline_result_type: 1, hotline_work_description: 'Выпущено исправление 3.4.1' },
  });
  const hotlineCloses = await hotline.post(`/api/request/${id}/hotline-fulfil`, {});
  const closed = await senior.post(`/api/request/${id}/hotline-fulfil`, {});
  return { engineerTakes, taken, done, hotlineCloses, closed };
};

describe('special software passed to the hot line and back', () => {
  it('the branch passes a special software request to the hot line: SENIOR, executors cleared', async () => {
    const { created, taken, passed } = await passedToHotline();
    expect(created.statusCode, created.body).toBe(200);
    // Choosing a special software program sets its subsystem.
    expect(created.json().savedRequest.subsystem_id).toEqual(expect.any(Number));
    expect(taken.statusCode).toBe(200);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().savedRequest).toMatchObject({ request_status_id: 9, request_performer_kind: 'SENIOR', engineers: [], result_d: null });
  });

  it('the hot line takes it, records a fulfilled result, and the head performer closes it', async () => {
    const { id } = await passedToHotline();
    const { engineerTakes, taken, done, hotlineCloses, closed } = await fulfilledByHotline(id);
    expect(engineerTakes.statusCode).toBe(403);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().savedRequest.request_status_id).toBe(10);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().savedRequest).toMatchObject({ request_status_id: 11, hotline_result_date: expect.stringContaining(today()) });
    expect(hotlineCloses.statusCode).toBe(403);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().savedRequest).toMatchObject({ request_status_id: 7, result: 'fulfilled by hot line' });
    expect(closed.json().savedRequest.note).toContain('Выпущено исправление 3.4.1');
  });

  it('the head performer can send it back to the hot line: cancel execution, then re-execute', async () => {
    const { id } = await passedToHotline();
    expect((await fulfilledByHotline(id)).closed.json().savedRequest.request_status_id).toBe(7);
    const back = await senior.post(`/api/request/${id}/hotline-cancel-execution`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().savedRequest.request_status_id).toBe(10);
    const again = await senior.post(`/api/request/${id}/hotline-reexecute`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().savedRequest).toMatchObject({ request_status_id: 9, hotline_result_id: null, hotline_result_date: null });
  });
});

describe('a hot line number given at registration', () => {
  const register = (hotlinegas_number: string) =>
    senior.multipart('POST', '/api/request', {
      request: {
        region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 4, program_id: program, request_performer_kind: 'SENIOR',
        contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Ошибка в ПИ ГАС, зарегистрирована на ГЛ', hotlinegas_number,
      },
    });

  it('is refused when another request holds it, naming that request, and nothing is appended', async () => {
    const first = await register('ГЛ-77001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().savedRequest.hotlinegas_number).toBe('ГЛ-77001');
    const streams = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_streams WHERE stream_type = 'request'`));
    const before = await streams();
    const second = await register(' гл-77001 ');
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(`Номер на ГЛ гл-77001 уже указан в заявке №${first.json().savedRequest.number}`);
    expect(await streams()).toBe(before);
    // A save of another request is refused the same way, the registration having claimed the number.
    const other = await register('ГЛ-77002');
    const saved = await senior.multipart('PUT', '/api/request', { request: { id: other.json().savedRequest.id, hotlinegas_number: 'ГЛ-77001' } });
    expect(saved.statusCode, saved.body).toBe(409);
  });
});
