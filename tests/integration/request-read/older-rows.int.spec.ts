import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../api/context';
import { requestStreamId } from '../../../domain/request';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { append, at, seedRequest, settle, worldOf, YEAR, type World } from './support';

// administration.md 8: rows an older version wrote, with a status or a kind this version does not
// know, are read without failing and named '!!! Неизвестный статус (id) !!!' and 'Неизвестный тип'
// wherever the request is shown: the list row, the request itself and its history tab.

let app: TestApp;
let ctx: AppContext;
let w: World;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  ctx = app.server.ctx;
  w = await worldOf(ctx);
  admin = await app.signIn('admin');
});
afterAll(async () => {
  await app?.close();
});

const enc = (f: object) => encodeURIComponent(JSON.stringify(f));

describe('requests written by an older version with unknown statuses and kinds', () => {
  it('the list row, the request and its history name them with the spec texts', async () => {
    // Registered with status 5 and kind 6 (neither exists in this version), then changed to status 13 and kind 99.
    const old = await seedRequest(ctx, { unit_id: w.moscowUnit, region_id: w.moscowRegion, request_status_id: 5, request_kind_id: 6, request_date_add: at('01-03') });
    const changed = await append(ctx, requestStreamId(old.id), [
      {
        type: 'RequestFieldsChanged',
        data: {
          changes: [
            { field: 'request_status_id', old: 5, new: 13 },
            { field: 'request_kind_id', old: 6, new: 99 },
          ],
        },
      },
    ], { now: at('01-04') });
    await settle(ctx, old.position, changed);

    const list = await admin.get(`/api/request/${enc({ units_ids: [w.moscowUnit], date_beg: `${YEAR}-01-03`, date_end: `${YEAR}-01-03` })}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as { requests: Array<Record<string, unknown>> }).requests.find((x) => x.id === old.id);
    expect(row).toMatchObject({ statusTitle: '!!! Неизвестный статус (13) !!!', kindTitle: 'Неизвестный тип' });

    const single = await admin.get(`/api/request_single/${old.id}`);
    expect(single.statusCode, single.body).toBe(200);
    const request = (single.json() as { request: Record<string, unknown> & { request_history: Array<Record<string, unknown>> } }).request;
    expect(request).toMatchObject({ request_status_id: 13, request_kind_id: 99, statusTitle: '!!! Неизвестный статус (13) !!!', kindTitle: 'Неизвестный тип' });
    const lines = request.request_history.filter((h) => h.request_attr === 'request_status_id' || h.request_attr === 'request_kind_id');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ request_attr: 'request_status_id', value_old: '!!! Неизвестный статус (5) !!!', value_new: '!!! Неизвестный статус (13) !!!' }),
        expect.objectContaining({ request_attr: 'request_kind_id', value_old: 'Неизвестный тип', value_new: 'Неизвестный тип' }),
      ]),
    );

    // The past state (?at=) is folded from the same old events.
    const past = await admin.get(`/api/request_single/${old.id}?at=${encodeURIComponent(at('01-03', YEAR, '12:00:00.000'))}`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json().request).toMatchObject({ request_status_id: 5, statusTitle: '!!! Неизвестный статус (5) !!!', kindTitle: 'Неизвестный тип' });
  });
});
