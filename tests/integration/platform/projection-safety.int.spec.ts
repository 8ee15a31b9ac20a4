import fc from 'fast-check';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { catalogs } from '../../../domain/catalog/definitions';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

/**
 * decisions 8, 13: the write side never accepts an event a projection cannot apply. fast-check
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

// ---- commands -------------------------------------------------------------------------------------

const requests = () => facts.requestIds;
const users = () => [facts.courtUserId, facts.engineerId, ...facts.userIds];
const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && x.length > 40 ? `${x.slice(0, 20)}…(${x.length})` : x));
type Payload = Record<string, unknown>;

/**
 * A command of the write side as data: a valid payload, the edge values each field may take, and
 * how to send it. The random sequences send a valid payload or one with a single field at an edge
 * (so the call gets past the other fields and that value meets the deciders and projections); the
 * sweep sends every field at every sweep value once.
 */
interface Command {
  readonly name: string;
  readonly weight: number;
  readonly valid: fc.Arbitrary<Payload>;
  readonly edges: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** The fields the sweep sets (default: those with edges and those of the valid payload). */
  readonly fields?: readonly string[];
  send(p: Payload): Promise<LightMyRequestResponse>;
}

const remember = (res: LightMyRequestResponse, into: number[], pick: (body: Payload) => unknown) => {
  if (res.statusCode !== 200) return res;
  const id = Number(pick(res.json() as Payload));
  if (Number.isSafeInteger(id) && id > 0 && id <= PG_INT_MAX) into.push(id);
  return res;
};

const validRequest = fc.record(
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
);
const requestEdges = {
  region_id: edgeId, unit_id: edgeId, request_kind_id: edgeSmall, contact_kind: edgeSmall, contact_id: edgeId, request_text: edgeText(2000), tool_id: edgeId,
  number_out: edgeText(100), date_out_d: edgeDate, program_id: edgeId, subsystem_id: edgeId,
  works: fc.oneof(fc.array(fc.record({ title: goodText(500), cost: edgeMoney }), { minLength: 1, maxLength: 2 }), fc.array(fc.record({ title: edgeText(500), cost: goodMoney }), { minLength: 1, maxLength: 2 })),
  students_list: fc.array(fc.record({ name: edgeText(200), post: edgeText(200) }), { minLength: 1, maxLength: 2 }),
};
const edgeIds = fc.array(edgeId, { minLength: 1, maxLength: 2 });

const catalogEdges: Record<string, fc.Arbitrary<unknown>> = {
  title: edgeText(199), name: edgeText(99), model: edgeText(499), description: edgeText(1999), code: edgeSmall, type: edgeSmall, service_type: edgeSmall, request_kind_id: edgeSmall, region_id: edgeId,
  tool_kind_id: edgeId, manufacturer_id: edgeId, guaranty_dt: edgeDate, signers_count: edgeSmall, traits: edgeIds, programs_org_types: edgeIds, common_disrepair_tool_kinds: edgeIds, gas_sub_system_id: edgeId,
};

/** The fields of a catalogue's zod schema (an object, or one wrapped by a transform). */
const schemaKeys = (schema: unknown): string[] => {
  const s = schema as { shape?: object; _def?: { schema?: unknown } };
  if (s.shape) return Object.keys(s.shape);
  return s._def?.schema ? schemaKeys(s._def.schema) : [];
};

const commands: readonly Command[] = [
  {
    name: 'create request', weight: 4, valid: validRequest, edges: requestEdges,
    send: async (p) => remember(await court.multipart('POST', '/api/request', { request: p }), facts.requestIds, (b) => (b.savedRequest as { id?: unknown } | undefined)?.id),
  },
  {
    name: 'save request', weight: 3, valid: fc.tuple(knownId(requests), validRequest).map(([id, r]) => ({ ...r, id })), edges: requestEdges,
    send: (p) => admin.multipart('PUT', `/api/request/${encodeURIComponent(String(p.id))}`, { request: p }),
  },
  {
    name: 'request button', weight: 2,
    valid: fc.record({ id: knownId(requests), action: fc.constantFrom('take', 'complete', 'reexecute', 'cancel-execution', 'hotline-take', 'recall', 'assign'), engineer_ids: fc.array(knownId(users), { maxLength: 2 }) }),
    edges: { id: edgeId, engineer_ids: edgeIds },
    send: (p) => (p.action === 'take' || p.action === 'complete' ? engineer : admin).post(`/api/request/${encodeURIComponent(String(p.id))}/${String(p.action)}`, { engineer_ids: p.engineer_ids }),
  },
  {
    name: 'comment', weight: 2, valid: fc.record({ request_id: knownId(requests), comment: goodText(4000), users: fc.array(knownId(users), { maxLength: 2 }) }),
    edges: { request_id: edgeId, comment: edgeText(4000), users: edgeIds },
    send: (p) => court.multipart('POST', '/api/request_comments', { requestComment: p }),
  },
  {
    name: 'renumber', weight: 1, valid: fc.record({ requestId: knownId(requests), newNumber: fc.oneof(goodText(20), fc.integer({ min: 1, max: 99_999 })) }),
    edges: { requestId: edgeId, newNumber: fc.oneof(edgeText(50), edgeSmall) },
    send: (p) => admin.post('/api/request_set_new_number', p),
  },
  {
    name: 'redate', weight: 1, valid: fc.record({ requestId: knownId(requests), newDate: goodDate }), edges: { requestId: edgeId, newDate: edgeDate },
    send: (p) => admin.post('/api/request_set_new_date', p),
  },
  {
    name: 'read request notifications', weight: 1, valid: fc.record({ id: knownId(requests) }), edges: { id: edgeId },
    send: (p) => court.put(`/api/notifications/request/${encodeURIComponent(String(p.id))}`),
  },
  {
    name: 'read notification', weight: 1, valid: fc.record({ id: fc.integer({ min: 1, max: 1000 }), state: fc.constant(2) }), edges: { id: fc.oneof(edgeId, fc.string({ maxLength: 20 })), state: edgeSmall },
    send: (p) => court.put(`/api/notifications/${encodeURIComponent(String(p.id))}`, { state: p.state }),
  },
  {
    name: 'notify', weight: 1,
    valid: fc.record({ notificationType: fc.constantFrom(1, 2), requestId: knownId(requests), usersIds: fc.array(knownId(users), { minLength: 1, maxLength: 2 }), notificationInfo: goodText(1000) }),
    edges: { notificationType: edgeSmall, requestId: edgeId, usersIds: edgeIds, notificationInfo: edgeText(1000) },
    send: (p) => admin.post('/api/create_notifications', p),
  },
  {
    name: 'create user', weight: 2,
    valid: fc.record({ surname: goodText(100), name: goodText(100), email: fc.emailAddress().filter((e) => e.length < 100), organization_id: knownId(() => [facts.courtOrganization]), users_roles: fc.constant([3]), units: fc.array(knownId(() => [facts.courtUnit]), { maxLength: 1 }) }),
    edges: { surname: edgeText(100), name: edgeText(100), email: edgeText(200), organization_id: edgeId, users_roles: edgeIds, units: edgeIds },
    send: async (p) => remember(await admin.post('/api/users', { user: { ...p, login: `safety_${process.pid}_${++loginCount}`, password: 'secret123' } }), facts.userIds, (b) => b.id),
  },
  {
    name: 'create organisation', weight: 2,
    valid: fc.record({
      region_id: knownId(() => [facts.regionId]), name: goodText(499), vncode: goodText(99), address: goodText(999), is_host: fc.boolean(), host_id: knownId(() => [facts.hostOrganization]),
      units: fc.array(fc.record({ name: goodText(499), address: goodText(999) }), { maxLength: 2 }),
    }),
    edges: {
      region_id: edgeId, name: edgeText(500), vncode: edgeText(100), address: edgeText(1000), is_host: edgeSmall, host_id: edgeId, kind_id: edgeId,
      units: fc.array(fc.oneof(fc.record({ name: edgeText(500) }), fc.record({ name: goodText(100), address: edgeText(1000) }), fc.record({ name: goodText(100), id: edgeId })), { minLength: 1, maxLength: 2 }),
    },
    send: ({ units, ...organization }) => admin.post('/api/organization', { organization, units }),
  },
  {
    name: 'create role', weight: 1,
    valid: fc.record({ title: goodText(200), role_order: fc.integer({ min: 1, max: 100 }), access_level: fc.constantFrom(1, 2, 3), role_is_hotline: fc.boolean(), rightsObject: fc.constant({ RIGHT_POSTS: 2 }) }),
    edges: { title: edgeText(200), role_order: edgeSmall, access_level: edgeSmall, rightsObject: fc.dictionary(fc.constantFrom('RIGHT_REQUEST', 'RIGHT_POSTS', 'RIGHT_X'), edgeSmall) },
    send: (p) => admin.post('/api/roles', { role: p }),
  },
  // A catalogue item: valid values for every field any catalogue schema has; its edges are its own schema's fields.
  ...catalogs.map<Command>((def) => {
    const own = schemaKeys(def.schema);
    return {
      name: `create ${def.name}`, weight: 0.2,
      valid: fc.record({
        title: goodText(199), name: goodText(99), model: goodText(499), description: goodText(1999), version: goodText(99), code: fc.integer({ min: 1, max: 99_999 }), type: fc.constantFrom(1, 2),
        service_type: fc.constantFrom(1, 2), request_kind_id: fc.constantFrom(2, 3), region_id: knownId(() => [facts.regionId]), tool_kind_id: fc.constantFrom(1, 2, 4), manufacturer_id: fc.constantFrom(1, 2),
        filial_title: goodText(499), filial_phone: goodText(99), instrumental_case: goodText(199), guaranty_dt: goodDate, signers_count: fc.constantFrom(2, 3),
        traits: fc.constant([]), programs_org_types: fc.constant([]), common_disrepair_tool_kinds: fc.constant([]),
      }),
      edges: Object.fromEntries(own.map((k) => [k, catalogEdges[k] ?? fc.oneof(edgeText(200), edgeSmall)])),
      fields: own,
      send: (p) => admin.post(`/api/${def.name}`, { [def.payloadKey]: p }),
    };
  }),
];

type Call = (() => Promise<LightMyRequestResponse>) & { label: string };
const callOf = (c: Command, p: Payload): Call => {
  const label = `${c.name} ${json(p)}`;
  // fast-check prints a counterexample with this instead of the function's source.
  return Object.assign(() => c.send(p), { label, [fc.toStringMethod]: () => label });
};

/** Mostly a valid payload, otherwise a valid one with a single field at an edge value. */
const arbitraryCall = (c: Command): fc.Arbitrary<Call> =>
  fc
    .oneof(
      { weight: 1, arbitrary: c.valid },
      { weight: 1, arbitrary: fc.tuple(c.valid, fc.constantFrom(...Object.keys(c.edges))).chain(([v, k]) => c.edges[k]!.map((x) => ({ ...v, [k]: x }))) },
    )
    .map((p) => callOf(c, p));

const command: fc.Arbitrary<Call> = fc.oneof(...commands.map((c) => ({ weight: Math.max(1, Math.round(c.weight * 5)), arbitrary: arbitraryCall(c) })));

/** Values the sweep puts into every field of every command: just past integer, huge, a fraction, NUL, far too long. */
const SWEEP: readonly unknown[] = [PG_INT_MAX + 1, 1e308, 1.5, 'тест\u0000ноль', 'я'.repeat(100_001)];

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

  it('every field of every command at every sweep value: refused, or applied by every projection', async () => {
    const serverErrors: string[] = [];
    let accepted = 0;
    for (const c of commands) {
      const [base] = fc.sample(c.valid, { seed: SEED, numRuns: 1 });
      const fields = c.fields ?? [...new Set([...Object.keys(c.edges), ...Object.keys(base!)])];
      for (const field of fields)
        for (const value of SWEEP) {
          const one = callOf(c, { ...base, [field]: value });
          const res = await one();
          if (res.statusCode >= 500) serverErrors.push(`${one.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode !== 200) continue;
          accepted++;
          // Checked after each accepted call, so a failure names the call that caused it.
          expect(await failedProjections(), `after: ${one.label}`).toEqual([]);
        }
    }
    expect(serverErrors).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
  }, 240_000);
});
