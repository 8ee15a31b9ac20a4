import { inflateRawSync } from 'node:zlib';
import { sql } from 'slonik';
import {
  emptyRequestFields,
  requestStreamId,
  type RequestDocument,
  type RequestEvent,
  type RequestFields,
  type RequestLists,
} from '../../../domain/request';
import { allRights } from '../../../domain/rights/rights';
import { AccessLevel } from '../../../domain/rights/values';
import type { Actor } from '../../../domain/shared/actor';
import type { CommandContext, DomainEvent } from '../../../domain/shared/events';
import { toNewEvents } from '../../../commands/handle-command';
import { latest } from '../../../commands/context';
import { saveRole } from '../../../commands/role/roles';
import { saveUser } from '../../../commands/user/users';
import type { Position } from '../../../infrastructure/eventstore/port';
import type { AppContext } from '../../../api/context';
import type { ApiClient } from '../../support/app';

export const YEAR = new Date().getUTCFullYear();
export const at = (monthDay: string, year = YEAR, time = '10:00:00.000') => `${year}-${monthDay}T${time}Z`;

export const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };

export const contextAt = (now: string, userId: number | null = null): CommandContext => ({
  userId,
  now,
  correlationId: `test-${now}`,
  causationId: null,
});

/** Known places and people of the seeded demo data. */
export interface World {
  moscowRegion: number;
  otherRegion: number;
  /** Units of the 'court' user (Басманный районный суд). */
  courtUnits: number[];
  /** A Moscow unit outside the court user's units. */
  moscowUnit: number;
  /** A unit of another region. */
  otherUnit: number;
  users: Record<'admin' | 'engineer' | 'court' | 'hotline' | 'senior' | 'chief' | 'engineer2', number>;
}

export const worldOf = async (ctx: AppContext): Promise<World> => {
  const users = Object.fromEntries(
    (await ctx.pool.any(sql.unsafe`SELECT login, id FROM rm_users WHERE login = ANY(${sql.array(['admin', 'engineer', 'court', 'hotline', 'senior', 'chief', 'engineer2'], 'text')})`)).map(
      (r) => [String(r.login), Number(r.id)],
    ),
  ) as World['users'];
  const courtUnits = ((await ctx.pool.oneFirst(sql.unsafe`SELECT units FROM rm_users WHERE login = 'court'`)) as number[]).map(Number);
  const moscowRegion = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${courtUnits[0]!}`));
  // Units that hold equipment (courts), so equipment searches find something there.
  const moscowUnit = Number(
    await ctx.pool.oneFirst(sql.unsafe`
      SELECT u.id FROM rm_units u WHERE u.region_id = ${moscowRegion} AND NOT (u.id = ANY(${sql.array(courtUnits, 'int4')}))
        AND EXISTS (SELECT 1 FROM rm_tools t WHERE t.unit_id = u.id) ORDER BY u.id LIMIT 1`),
  );
  const other = await ctx.pool.one(sql.unsafe`
    SELECT u.id, u.region_id FROM rm_units u WHERE u.region_id <> ${moscowRegion} AND EXISTS (SELECT 1 FROM rm_tools t WHERE t.unit_id = u.id)
    ORDER BY u.id LIMIT 1`);
  return { moscowRegion, otherRegion: Number(other.region_id), courtUnits, moscowUnit, otherUnit: Number(other.id), users };
};

export const append = async (
  ctx: AppContext,
  streamId: string,
  events: readonly DomainEvent[],
  options: { now?: string; userId?: number | null; expected?: 'no_stream' | 'any' } = {},
): Promise<Position> =>
  (
    await ctx.store.append(streamId, toNewEvents(events, contextAt(options.now ?? new Date().toISOString(), options.userId ?? null)), {
      expectedRevision: options.expected ?? 'any',
    })
  ).position;

export interface SeededRequest {
  id: number;
  position: Position;
}

/**
 * Appends a request's stream directly: RequestRegistered with the given fields (any status, any
 * section filled) and then the given events. Faster than driving every transition, and lets a
 * test set up exactly the state a filter looks at.
 */
export const seedRequest = async (
  ctx: AppContext,
  fields: Partial<RequestFields>,
  options: { lists?: Partial<RequestLists>; then?: RequestEvent[]; userId?: number; now?: string } = {},
): Promise<SeededRequest> => {
  const id = await ctx.ids.next('request');
  const lists = options.lists ?? {};
  const request: RequestFields = {
    ...emptyRequestFields(),
    id,
    number: id,
    request_date_add: at('03-01'),
    request_status_id: 2,
    request_kind_id: 1,
    request_text: `Заявка ${id}`,
    ...fields,
  };
  const registered: RequestEvent = {
    type: 'RequestRegistered',
    data: {
      request,
      engineers: lists.engineers ?? [],
      works: lists.works ?? [],
      spares_pbs: lists.spares_pbs ?? [],
      tools_commissioning: lists.tools_commissioning ?? [],
      students_list: lists.students_list ?? [],
      attachments: lists.attachments ?? [],
      registered_by: options.userId ?? null,
    },
  };
  const docs: RequestEvent[] = (lists.documents ?? []).map((document) => ({ type: 'RequestDocumentAttached', data: { document } }));
  const position = await append(ctx, requestStreamId(id), [registered, ...docs, ...(options.then ?? [])], {
    now: options.now ?? request.request_date_add ?? undefined,
    userId: options.userId ?? null,
    expected: 'no_stream',
  });
  return { id, position };
};

export const settle = async (ctx: AppContext, ...positions: Array<Position | null | undefined>) => {
  const last = latest(...positions.map((p) => p ?? null));
  if (last && !(await ctx.runner.waitFor(last, 15_000))) throw new Error('read models did not catch up');
};

/** A named fixture request: its name, its fields and seedRequest's options. */
export type NamedSeed = readonly [string, Partial<RequestFields>, Parameters<typeof seedRequest>[2]?];

/** Seeds each request in order, records its id under its name in `ids`, and waits for the read models. */
export const seedNamed = async (ctx: AppContext, seeds: readonly NamedSeed[], ids: Record<string, number>): Promise<void> => {
  const positions = [];
  for (const [name, fields, options] of seeds) {
    const s = await seedRequest(ctx, fields, options);
    ids[name] = s.id;
    positions.push(s.position);
  }
  await settle(ctx, ...positions);
};

export const doc = (act_kind: RequestDocument['act_kind'], sign_type: RequestDocument['sign_type'] = 'electron', file_id = `doc-${act_kind}-${Math.random().toString(36).slice(2, 8)}`): RequestDocument => ({
  file_id,
  file_name: `${file_id}.docx`,
  mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 1000,
  checksum: 'a'.repeat(64),
  act_kind,
  sign_type,
  signers_count: 2,
});

export const fileRef = (file_id: string, file_name = `${file_id}.pdf`) => ({ file_id, file_name, mimetype: 'application/pdf', size: 100, checksum: 'b'.repeat(64) });

/** Ids of every request the list finds (the export variant of the list returns them all). */
export const listIds = async (client: ApiClient, filter: Record<string, unknown>): Promise<number[]> => {
  const res = await client.get(`/api/request/${encodeURIComponent(JSON.stringify({ ...filter, export: true }))}`);
  if (res.statusCode !== 200) throw new Error(`list ${res.statusCode} ${res.body}`);
  return (res.json() as { allRequests: Array<{ id: number }> }).allRequests.map((r) => r.id);
};

/** Reads a zip (as our exports write it) into name -> content. */
export const unzip = (zip: Buffer): Map<string, Buffer> => {
  const out = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return out;
};

/** A fresh account with one role of the given rights (and units), for rights tests. */
export const userWithRights = async (
  ctx: AppContext,
  login: string,
  rightsObject: Record<string, number>,
  fields: { organization_id?: number; units?: number[] } = {},
): Promise<number> => {
  const now = contextAt(new Date().toISOString());
  const role = await saveRole(ctx, null, { title: `Роль ${login}`, role_order: 50, role_is_hotline: false, access_level: AccessLevel.OWN, rightsObject }, system, now);
  // The user's roles are looked up in the read model.
  await settle(ctx, role.position);
  const organization = fields.organization_id ?? Number(await ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_organizations ORDER BY id LIMIT 1`));
  const user = await saveUser(
    ctx,
    ctx.hashPassword,
    null,
    {
      surname: 'Тестов', name: 'Тест', patronymic: 'Тестович', email: `${login}@courts.example.ru`, phone: '+7 (900) 000-00-00', login,
      password: ctx.config.seedPassword, organization_id: organization, users_roles: [role.id], units: fields.units ?? [],
    },
    system,
    now,
  );
  await settle(ctx, user.position);
  return user.id;
};

/** rm_request_counts as it should be, recomputed from rm_requests (each live request under its month and its year). */
export const recountedCounts = sql.fragment`
  SELECT p.period, COALESCE(region_id, 0) AS region_id, request_status_id, COALESCE(request_kind_id, 0) AS request_kind_id, request_performer_kind,
         (CASE WHEN COALESCE(hotlinegas_number, '') = '' THEN 1 ELSE 0 END) | (CASE WHEN hotline_email_register_sent THEN 2 ELSE 0 END)
         | (CASE WHEN hotlinegas_close_d IS NOT NULL OR hotline_email_close_sent THEN 4 ELSE 0 END) | (CASE WHEN unsigned_docs > 0 THEN 8 ELSE 0 END)
         | has_co_3::int * 16 | has_co_7::int * 32 | has_co_8::int * 64 | has_co_41::int * 128 | has_co_42::int * 256 | has_co_13::int * 512 AS flags,
         count(*)::int AS count
  FROM rm_requests r
  CROSS JOIN LATERAL (VALUES
    (extract(year FROM r.request_date_add AT TIME ZONE 'UTC')::int * 100 + extract(month FROM r.request_date_add AT TIME ZONE 'UTC')::int),
    (extract(year FROM r.request_date_add AT TIME ZONE 'UTC')::int * 100)) p(period)
  WHERE NOT deleted AND request_date_add IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6`;
