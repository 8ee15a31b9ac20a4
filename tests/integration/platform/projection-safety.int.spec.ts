import fc from 'fast-check';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { catalogs } from '../../../domain/catalog/definitions';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

/**
 * Issue 9 section 1: the write side never accepts an event a projection cannot apply. fast-check
 * (fixed seed, bounded) generates sequences of commands through the real routes and deciders
 * (requests: create, save, buttons, comments, number and date; users; organisations; roles;
 * catalogue items; notifications) with schema-shaped inputs and their boundary values: ids at and
 * past PostgreSQL's integer (2147483647, 2147483648, 1e308), fractions, negative numbers, long
 * texts, NUL bytes, big money, odd dates. Each call is either refused (4xx) or, when accepted, its
 * events are applied by every projection: after each sequence no projection has failed, and no
 * call answered 5xx. No shrinking: a failed projection stays failed, so every later case would
 * fail too; the first failing sequence is reported as it was.
 */
const SEED = 9_2026_11;
const RUNS = Number(process.env.SAFETY_RUNS ?? 60);

let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let engineer: ApiClient;
interface Facts {
  courtUnit: number;
  courtOrganization: number;
  hostOrganization: number;
  courtUserId: number;
  regionId: number;
  toolId: number;
  engineerId: number;
  requestIds: number[];
  userIds: number[];
}
let facts: Facts;
let loginCount = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  court = await t.signIn('court');
  engineer = await t.signIn('engineer');
  const pool = t.server.ctx.pool;
  const c = await pool.one(sql.unsafe`SELECT id, units, organization_id FROM rm_users WHERE login = 'court'`);
  const courtUnit = Number((c.units as number[])[0]);
  facts = {
    courtUnit,
    courtOrganization: Number(c.organization_id),
    hostOrganization: Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_organizations WHERE is_host ORDER BY id LIMIT 1`)),
    courtUserId: Number(c.id),
    regionId: Number(await pool.oneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${courtUnit}`)),
    toolId: Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_tools WHERE unit_id = ${courtUnit} ORDER BY id LIMIT 1`)),
    engineerId: engineer.userId!,
    requestIds: [],
    userIds: [],
  };
  const first = await court.multipart('POST', '/api/request', {
    request: { region_id: facts.regionId, unit_id: courtUnit, request_kind_id: 2, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Не включается принтер', tool_id: facts.toolId },
  });
  expect(first.statusCode, first.body).toBe(200);
  facts.requestIds.push(Number((first.json() as { savedRequest: { id: number } }).savedRequest.id));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// ---- values: valid ones, boundaries, and just past them ----------------------------------------

const PG_INT_MAX = 2147483647;
const edgeNumbers = [0, -1, PG_INT_MAX, PG_INT_MAX + 1, -PG_INT_MAX - 2, 1.5, 1e308, Number.MAX_SAFE_INTEGER];
const edgeId = fc.oneof(fc.integer({ min: 1, max: PG_INT_MAX }), fc.constantFrom(...edgeNumbers));
/** An id that exists (known at generation time: earlier commands add to the lists). */
const knownId = (known: () => readonly number[]) => fc.constant(null).chain(() => (known().length ? fc.constantFrom(...known()) : fc.constant(1)));
const letters = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗ abcdefXYZ0123456789.,-№«»'.split('');
/** A text the schemas accept: 1..40 characters, or exactly `max`. */
const goodText = (max: number) => fc.oneof({ weight: 6, arbitrary: fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: Math.min(max, 40) }).filter((x) => x.trim().length > 0) }, { weight: 1, arbitrary: fc.constant('я'.repeat(max)) });
/** Texts at and past every limit: one character too many, 100,000 characters, NUL, emoji, control characters, blank. */
const edgeText = (max: number) => fc.oneof(fc.constantFrom('я'.repeat(max + 1), 'x'.repeat(100_000), 'тест\u0000ноль', '\u{1F600}'.repeat(Math.ceil(max / 2)), 'a\u0007b\u001bc', ' ', ''), fc.string({ maxLength: 30 }));
const goodMoney = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }).map((k) => k / 100), fc.constantFrom(0, 0.01, 99_999_999.99));
const edgeMoney = fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(1e15, 1e308, -0.5, 12.345, -1, Number.MAX_VALUE));
const goodDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const edgeDate = fc.constantFrom('0001-01-01', '9999-12-31', '2026-02-30', '2026-13-01', 'вчера', '20260101', '2026-01-01T25:00:00Z', '275760-09-13', '-000001-01-01');
const edgeSmall = fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constantFrom(...edgeNumbers), fc.constantFrom('2', 'два', true, null));

/**
 * Mostly a valid payload; otherwise a valid one with a single field set to an edge value, so the
 * call gets past the other fields and that one value meets the write side and the projections.
 */
const oneEdge = <T extends Record<string, unknown>>(valid: fc.Arbitrary<T>, edges: Partial<Record<keyof T & string, fc.Arbitrary<unknown>>>) => {
  const keys = Object.keys(edges) as Array<keyof T & string>;
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    { weight: 1, arbitrary: fc.tuple(valid, fc.constantFrom(...keys)).chain(([v, k]) => edges[k]!.map((x) => ({ ...v, [k]: x }) as Record<string, unknown>)) },
  );
};

// ---- commands -------------------------------------------------------------------------------------

type Call = (() => Promise<LightMyRequestResponse>) & { label: string };
const call = (label: string, run: () => Promise<LightMyRequestResponse>): Call => Object.assign(run, { label });
const requests = () => facts.requestIds;
const users = () => [facts.courtUserId, facts.engineerId, ...facts.userIds];
const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && x.length > 40 ? `${x.slice(0, 20)}…(${x.length})` : x));

const requestFields = oneEdge(
  fc.record(
    {
      region_id: knownId(() => [facts.regionId]),
      unit_id: knownId(() => [facts.courtUnit]),
      request_kind_id: fc.constantFrom(2, 3, 4),
      contact_kind: fc.constant(1),
      contact_id: knownId(() => [facts.courtUserId]),
      request_text: goodText(2000),
      tool_id: fc.oneof(fc.constant(null), knownId(() => [facts.toolId])),
      number_out: fc.oneof(fc.constant(null), goodText(100)),
      date_out_d: fc.oneof(fc.constant(null), goodDate),
      works: fc.array(fc.record({ title: goodText(500), cost: goodMoney }), { maxLength: 2 }),
      students_list: fc.array(fc.record({ name: goodText(200), post: goodText(200) }), { maxLength: 2 }),
    },
    { requiredKeys: ['region_id', 'unit_id', 'request_kind_id', 'contact_kind', 'contact_id', 'request_text'] },
  ),
  {
    region_id: edgeId, unit_id: edgeId, request_kind_id: edgeSmall, contact_kind: edgeSmall, contact_id: edgeId, request_text: edgeText(2000), tool_id: edgeId,
    number_out: edgeText(100), date_out_d: edgeDate,
    works: fc.oneof(fc.array(fc.record({ title: goodText(500), cost: edgeMoney }), { minLength: 1, maxLength: 2 }), fc.array(fc.record({ title: edgeText(500), cost: goodMoney }), { minLength: 1, maxLength: 2 })),
    students_list: fc.array(fc.record({ name: edgeText(200), post: edgeText(200) }), { minLength: 1, maxLength: 2 }),
  },
);

const remember = (res: LightMyRequestResponse, into: number[], pick: (body: Record<string, unknown>) => unknown) => {
  if (res.statusCode !== 200) return res;
  const id = Number(pick(res.json() as Record<string, unknown>));
  if (Number.isSafeInteger(id) && id > 0 && id <= PG_INT_MAX) into.push(id);
  return res;
};

const createRequest = requestFields.map((fields) =>
  call(`create request ${json(fields)}`, async () =>
    remember(await court.multipart('POST', '/api/request', { request: fields }), facts.requestIds, (b) => (b.savedRequest as { id?: unknown } | undefined)?.id),
  ),
);

const saveRequest = fc.tuple(knownId(requests), requestFields).map(([id, fields]) =>
  call(`save request ${id} ${json(fields)}`, () => admin.multipart('PUT', `/api/request/${id}`, { request: { ...fields, id } })),
);

const button = fc
  .tuple(fc.oneof({ weight: 4, arbitrary: knownId(requests) }, { weight: 1, arbitrary: edgeId }), fc.constantFrom('take', 'complete', 'reexecute', 'cancel-execution', 'hotline-take', 'recall', 'assign'), fc.oneof(fc.array(knownId(users), { maxLength: 2 }), fc.array(edgeId, { minLength: 1, maxLength: 2 })))
  .map(([id, action, engineers]) =>
    call(`request ${action} ${id} ${json(engineers)}`, () => (action === 'take' || action === 'complete' ? engineer : admin).post(`/api/request/${id}/${action}`, { engineer_ids: engineers })),
  );

const comment = oneEdge(fc.record({ request_id: knownId(requests), comment: goodText(4000), users: fc.array(knownId(users), { maxLength: 2 }) }), { request_id: edgeId, comment: edgeText(4000), users: fc.array(edgeId, { minLength: 1, maxLength: 2 }) }).map((c) =>
  call(`comment on ${json(c)}`, () => court.multipart('POST', '/api/request_comments', { requestComment: c })),
);

const renumber = fc.tuple(knownId(requests), fc.oneof(goodText(20), fc.integer({ min: 1, max: 99_999 }), edgeText(50), fc.constantFrom(...edgeNumbers))).map(([id, n]) =>
  call(`renumber ${id} ${json(n)}`, () => admin.post('/api/request_set_new_number', { requestId: id, newNumber: n })),
);

const redate = fc.tuple(knownId(requests), fc.oneof(goodDate, edgeDate)).map(([id, d]) => call(`redate ${id} ${d}`, () => admin.post('/api/request_set_new_date', { requestId: id, newDate: d })));

const readNotifications = fc.oneof(knownId(requests), edgeId).map((id) => call(`read-request-notifications ${id}`, () => court.put(`/api/notifications/request/${id}`)));
const readNotification = fc.tuple(fc.oneof(edgeId, fc.string({ maxLength: 20 })), fc.oneof(fc.constant(2), edgeSmall)).map(([id, state]) =>
  call(`read-notification ${json(id)} ${json(state)}`, () => court.put(`/api/notifications/${encodeURIComponent(String(id))}`, { state })),
);
const notify = oneEdge(fc.record({ notificationType: fc.constantFrom(1, 2), requestId: knownId(requests), usersIds: fc.array(knownId(users), { minLength: 1, maxLength: 2 }), notificationInfo: goodText(1000) }), {
  notificationType: edgeSmall, requestId: edgeId, usersIds: fc.array(edgeId, { minLength: 1, maxLength: 2 }), notificationInfo: edgeText(1000),
}).map((n) => call(`notify users ${json(n)}`, () => admin.post('/api/create_notifications', n)));

const createUser = oneEdge(
  fc.record({ surname: goodText(100), name: goodText(100), email: fc.emailAddress().filter((e) => e.length < 100), organization_id: knownId(() => [facts.courtOrganization]), users_roles: fc.constant([3]), units: fc.array(knownId(() => [facts.courtUnit]), { maxLength: 1 }) }),
  { surname: edgeText(100), name: edgeText(100), email: edgeText(200), organization_id: edgeId, users_roles: fc.array(edgeId, { minLength: 1, maxLength: 2 }), units: fc.array(edgeId, { minLength: 1, maxLength: 2 }) },
).map((u) =>
  call(`create user ${json(u)}`, async () =>
    remember(await admin.post('/api/users', { user: { ...u, login: `safety_${process.pid}_${++loginCount}`, password: 'secret123' } }), facts.userIds, (b) => b.id),
  ),
);

const organization = fc
  .tuple(
    oneEdge(fc.record({ region_id: knownId(() => [facts.regionId]), name: goodText(499), vncode: goodText(99), address: goodText(999), is_host: fc.boolean(), host_id: knownId(() => [facts.hostOrganization]) }), {
      region_id: edgeId, name: edgeText(500), vncode: edgeText(100), address: edgeText(1000), is_host: edgeSmall, host_id: edgeId, kind_id: edgeId,
    }),
    fc.array(oneEdge(fc.record({ name: goodText(500), address: goodText(1000) }), { name: edgeText(500), address: edgeText(1000), id: edgeId }), { maxLength: 2 }),
  )
  .map(([organization, units]) => call(`create organisation ${json({ organization, units })}`, () => admin.post('/api/organization', { organization, units })));

const role = oneEdge(fc.record({ title: goodText(200), role_order: fc.integer({ min: 1, max: 100 }), access_level: fc.constantFrom(1, 2, 3), role_is_hotline: fc.boolean(), rightsObject: fc.constant({ RIGHT_POSTS: 2 }) }), {
  title: edgeText(200), role_order: edgeSmall, access_level: edgeSmall, rightsObject: fc.dictionary(fc.constantFrom('RIGHT_REQUEST', 'RIGHT_POSTS', 'RIGHT_X'), edgeSmall),
}).map((r) => call(`create role ${json(r)}`, () => admin.post('/api/roles', { role: r })));

/** A catalogue item: every field any schema has, valid (the item's own fields are picked from them), then one edge. */
const catalogItem = fc.constantFrom(...catalogs).chain((def) =>
  oneEdge(
    fc.record({
      title: goodText(199), name: goodText(99), model: goodText(499), description: goodText(1999), version: goodText(99), code: fc.integer({ min: 1, max: 99_999 }), type: fc.constantFrom(1, 2), service_type: fc.constantFrom(1, 2), request_kind_id: fc.constantFrom(2, 3),
      region_id: knownId(() => [facts.regionId]), tool_kind_id: fc.constantFrom(1, 2, 4), manufacturer_id: fc.constantFrom(1, 2), filial_title: goodText(499), filial_phone: goodText(99),
      instrumental_case: goodText(199), guaranty_dt: goodDate, signers_count: fc.constantFrom(2, 3), traits: fc.constant([]), programs_org_types: fc.constant([]), common_disrepair_tool_kinds: fc.constant([]),
    }),
    {
      title: edgeText(199), name: edgeText(99), model: edgeText(499), description: edgeText(2000), code: edgeSmall, type: edgeSmall, service_type: edgeSmall, request_kind_id: edgeSmall, region_id: edgeId,
      tool_kind_id: edgeId, manufacturer_id: edgeId, guaranty_dt: edgeDate, signers_count: edgeSmall, traits: fc.array(edgeId, { minLength: 1, maxLength: 2 }),
      programs_org_types: fc.array(edgeId, { minLength: 1, maxLength: 2 }), common_disrepair_tool_kinds: fc.array(edgeId, { minLength: 1, maxLength: 2 }), gas_sub_system_id: edgeId,
    },
  ).map((item) => call(`create ${def.name} ${json(item)}`, () => admin.post(`/api/${def.name}`, { [def.payloadKey]: item }))),
);

const command: fc.Arbitrary<Call> = fc.oneof(
  { weight: 4, arbitrary: createRequest },
  { weight: 3, arbitrary: saveRequest },
  { weight: 2, arbitrary: button },
  { weight: 2, arbitrary: comment },
  { weight: 1, arbitrary: renumber },
  { weight: 1, arbitrary: redate },
  { weight: 1, arbitrary: readNotifications },
  { weight: 1, arbitrary: readNotification },
  { weight: 1, arbitrary: notify },
  { weight: 2, arbitrary: createUser },
  { weight: 2, arbitrary: organization },
  { weight: 1, arbitrary: role },
  { weight: 2, arbitrary: catalogItem },
);

// ---- the property ---------------------------------------------------------------------------------

const failedProjections = async () => {
  const { ctx } = t.server;
  const head = await ctx.store.headPosition();
  if (head) await ctx.runner.waitFor(head, 15_000);
  const inMemory = ctx.runner.status().filter((s) => s.status === 'failed');
  const stored = await ctx.pool.any(sql.unsafe`SELECT name, error FROM projection_checkpoints WHERE status = 'failed'`);
  return [...inMemory.map((s) => `${s.name}: ${s.error} (${JSON.stringify(s.event)})`), ...stored.map((r) => `${String(r.name)} (stored): ${String(r.error)}`)];
};

describe('projection safety', () => {
  it('no accepted command makes a projection fail', async () => {
    const accepted = new Map<string, number>();
    const answers = new Map<string, string[]>();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 5 }), async (calls) => {
        const serverErrors: string[] = [];
        for (const c of calls) {
          const res = await c();
          const key = c.label.split(' ').slice(0, 2).join(' ');
          if (res.statusCode === 200) accepted.set(key, (accepted.get(key) ?? 0) + 1);
          const answer = `${key} ${res.statusCode}`;
          answers.set(answer, [...(answers.get(answer) ?? []), res.body.slice(0, 160)].slice(0, 2));
          if (res.statusCode >= 500) serverErrors.push(`${c.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        const failed = await failedProjections();
        expect(failed, `after: ${calls.map((c) => c.label).join(' | ')}`).toEqual([]);
        expect(serverErrors).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (process.env.SAFETY_REPORT) console.info(JSON.stringify([...answers].sort(), null, 1));
    // The generator reached the write side, not only its validation.
    expect(accepted.size, JSON.stringify([...answers], null, 1)).toBeGreaterThanOrEqual(4);
  }, 240_000);
});
