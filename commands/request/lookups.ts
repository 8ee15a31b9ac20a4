import { sql, type DatabasePool } from 'slonik';
import type { RequestLookups } from '../../domain/request/commands';
import type { RequestReferences, ToolReference, UserReference } from '../../domain/request/references';
import { combineRights, type RightsObject } from '../../domain/rights/rights';
import { scopeIncludes, unitScope } from '../../domain/rights/scope';
import { ProgramType, ServiceType } from '../../domain/catalog/definitions';
import { noCache } from '../../infrastructure/read-model-cache';
import type { LookupUnit } from './lookup-port';
import type { WriteContext } from '../context';

type Reader = Pick<WriteContext, 'pool' | 'cache'>;
type LookupReader = Pick<WriteContext, 'pool' | 'cache' | 'lookups'>;

const positiveIds = (values: readonly unknown[]): number[] => [
  ...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647)),
];

/**
 * What a request decision needs from outside its stream, read from the read models: the chosen
 * tool's warranty and set, the chosen program's type and subsystem, the region's own service centre.
 */
export const requestLookups = async (
  { pool, cache = noCache }: Reader,
  request: { tool_id?: unknown; program_id?: unknown; region_id?: unknown },
): Promise<RequestLookups> => {
  // Out-of-range ids find nothing (the decider then refuses them) instead of failing the query.
  const toolId = positiveIds([request.tool_id])[0] ?? null;
  const programId = positiveIds([request.program_id])[0] ?? null;
  const regionId = positiveIds([request.region_id])[0] ?? null;
  const [tool, program, centre] = await Promise.all([
    toolId
      ? pool.maybeOne(sql.unsafe`
          SELECT t.id, t.guaranty_dt, (c.data->>'system_ts_id')::int AS set_system_ts_id
          FROM rm_tools t
          LEFT JOIN rm_tools_sets s ON s.id = t.tools_set_id
          LEFT JOIN rm_catalog_items c ON c.catalog = 'tools_sets_names' AND c.id = s.type_id
          WHERE t.id = ${toolId} AND NOT t.deleted`)
      : null,
    programId
      ? cache.get(['catalog'], `lookup:program:${programId}`, () =>
          pool.maybeOne(sql.unsafe`
            SELECT id, (data->>'type')::int AS type, (data->>'gas_sub_system_id')::int AS gas_sub_system_id
            FROM rm_catalog_items WHERE catalog = 'programs' AND id = ${programId} AND NOT deleted`),
        )
      : null,
    regionId
      ? cache.get(['catalog'], `lookup:service-centre:${regionId}`, () =>
          pool.maybeOneFirst(sql.unsafe`
            SELECT id FROM rm_catalog_items
            WHERE catalog = 'services_repairs' AND NOT deleted AND (data->>'region_id')::int = ${regionId}
              AND (data->>'service_type')::int = ${ServiceType.REGIONAL}
            ORDER BY id LIMIT 1`),
        )
      : null,
  ]);
  return {
    tool: tool
      ? { id: Number(tool.id), guaranty_dt: (tool.guaranty_dt as string | null) ?? null, set_system_ts_id: (tool.set_system_ts_id as number | null) ?? null }
      : null,
    // The catalogue reading is the internal one (1 special, 2 common); see docs/decisions.md.
    program: program
      ? { id: Number(program.id), type: Number(program.type) === ProgramType.SPECIAL ? ProgramType.SPECIAL : ProgramType.COMMON, gas_sub_system_id: (program.gas_sub_system_id as number | null) ?? null }
      : null,
    regional_service_centre_id: centre == null ? null : Number(centre),
  };
};

export type UnitInfo = Pick<LookupUnit, 'id' | 'region_id' | 'organization_id' | 'has_hot_line_account'>;

export const unitInfo = async ({ lookups }: Pick<WriteContext, 'lookups'>, unitId: number | null): Promise<UnitInfo | null> => {
  if (!unitId || positiveIds([unitId]).length === 0) return null;
  const unit = (await lookups.networkUnits([unitId])).get(unitId);
  return unit && !unit.deleted ? unit : null;
};

/** The region's engineers, for regions that assign new requests automatically. */
export const regionEngineers = async (pool: DatabasePool, regionId: number): Promise<number[]> =>
  ((await pool.anyFirst(sql.unsafe`
    SELECT u.id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
    WHERE o.region_id = ${regionId} AND 2 = ANY(u.users_roles) AND NOT u.deleted AND NOT u.is_inactive
    ORDER BY u.id`)) as number[]).map(Number);

export const regionSettings = ({ pool, cache = noCache }: Reader, regionId: number): Promise<{ auto_assign_engineer: boolean; immediate_email_to_engineer: boolean }> =>
  cache.get(['catalog'], `lookup:region-settings:${regionId}`, async () => {
    const data = (await pool.maybeOneFirst(sql.unsafe`
      SELECT data FROM rm_catalog_items WHERE catalog = 'regions' AND id = ${regionId}`)) as Record<string, unknown> | null;
    return { auto_assign_engineer: Boolean(data?.auto_assign_engineer), immediate_email_to_engineer: Boolean(data?.immediate_email_to_engineer) };
  });


/** Active accounts among `ids`, with what the executor and contact rules need. */
export const userReferences = async (pool: DatabasePool, ids: readonly unknown[]): Promise<UserReference[]> => {
  const wanted = positiveIds(ids);
  if (wanted.length === 0) return [];
  const rows = await pool.any(sql.unsafe`
    SELECT u.id, u.organization_id, o.region_id, 2 = ANY(u.users_roles) AS engineer, u.hotline_worker
    FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
    WHERE u.id = ANY(${sql.array(wanted, 'int4')}) AND NOT u.deleted AND NOT u.is_inactive`);
  return rows.map((r) => ({
    id: Number(r.id),
    organization_id: r.organization_id == null ? null : Number(r.organization_id),
    region_id: r.region_id == null ? null : Number(r.region_id),
    engineer: Boolean(r.engineer),
    hotline: Boolean(r.hotline_worker),
  }));
};

/**
 * The same accounts through the read-model cache, one entry per account, valid while the users and
 * organisations read models have not moved: every register and save names its contact, and the
 * benchmark showed the extra round trip in the create p95 (docs/notes/bench.md).
 */
const cachedUserReferences = async ({ pool, cache = noCache }: LookupReader, ids: readonly unknown[]): Promise<UserReference[]> => {
  const found = await Promise.all(
    positiveIds(ids).map((id) => cache.get(['users', 'organizations'], `lookup:user-ref:${id}`, async () => (await userReferences(pool, [id]))[0] ?? null)),
  );
  return found.filter((u): u is UserReference => u !== null);
};

const toolReferences = async (pool: DatabasePool, ids: readonly unknown[]): Promise<ToolReference[]> => {
  const wanted = positiveIds(ids);
  if (wanted.length === 0) return [];
  const rows = await pool.any(sql.unsafe`SELECT id, unit_id FROM rm_tools WHERE id = ANY(${sql.array(wanted, 'int4')}) AND NOT deleted`);
  return rows.map((r) => ({ id: Number(r.id), unit_id: Number(r.unit_id) }));
};

const catalogItemExists = async ({ pool, cache = noCache }: Reader, catalog: string, raw: unknown): Promise<boolean | undefined> => {
  const [id] = positiveIds([raw]);
  if (id === undefined) return undefined;
  return cache.get(['catalog'], `lookup:exists:${catalog}:${id}`, async () =>
    (await pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_catalog_items WHERE catalog = ${catalog} AND id = ${id} AND NOT deleted`)) != null,
  );
};

/**
 * Every id a request names, as the read models know it, for the decider's reference checks
 * (domain/request/references.ts): the unit with its organisation's host, the tools, the contact and
 * executors, the catalogue items.
 */
export const requestReferences = async (
  r: LookupReader,
  request: { unit_id?: unknown; tool_id?: unknown; contact_id?: unknown; subsystem_id?: unknown; service_repair_id?: unknown },
  more: { toolIds?: readonly unknown[]; userIds?: readonly unknown[] } = {},
): Promise<RequestReferences> => {
  const [unitId] = positiveIds([request.unit_id]);
  const [unit, tools, users, subsystem, centre] = await Promise.all([
    unitInfo(r, unitId ?? null),
    toolReferences(r.pool, [request.tool_id, ...(more.toolIds ?? [])]),
    cachedUserReferences(r, [request.contact_id, ...(more.userIds ?? [])]),
    catalogItemExists(r, 'programs_subsystems', request.subsystem_id),
    catalogItemExists(r, 'services_repairs', request.service_repair_id),
  ]);
  const cache = r.cache ?? noCache;
  const host = unit
    ? await cache.get(['organizations'], `lookup:host:${unit.organization_id}`, () =>
        r.pool.maybeOneFirst(sql.unsafe`SELECT host_id FROM rm_organizations WHERE id = ${unit.organization_id} AND NOT deleted`),
      )
    : null;
  return {
    unit: unit ? { id: unit.id, region_id: unit.region_id, organization_id: unit.organization_id, host_organization_id: host == null ? null : Number(host) } : null,
    tools,
    users,
    catalog: { subsystem_id: subsystem ?? false, service_repair_id: centre ?? false },
  };
};

/** The lookups of a register or save with the references of every id the request names. */
export const requestLookupsWithReferences = async (
  r: LookupReader,
  request: Parameters<typeof requestLookups>[1] & Parameters<typeof requestReferences>[1],
  more: Parameters<typeof requestReferences>[2] = {},
): Promise<RequestLookups & { references: RequestReferences }> => {
  const [lookups, references] = await Promise.all([requestLookups(r, request), requestReferences(r, request, more)]);
  references.catalog.program_id = lookups.program != null;
  return { ...lookups, references };
};

/**
 * Of `ids`, the active users who may read requests of `unit` (RIGHT_REQUEST_READ: ALL, or OWN
 * with the unit among their units or their host organisation's): only they may be notified.
 */
export const usersWhoMaySee = async (
  r: LookupReader,
  ids: readonly unknown[],
  unitId: number | null,
): Promise<Set<number>> => {
  const wanted = positiveIds(ids);
  const unit = await unitInfo(r, unitId);
  if (wanted.length === 0 || !unit) return new Set();
  const rows = await r.pool.any(sql.unsafe`
    SELECT u.id, u.units, u.organization_id, COALESCE(o.is_host, false) AS is_host,
           COALESCE((SELECT jsonb_agg(rl.rights_object) FROM rm_roles rl WHERE rl.id = ANY(u.users_roles) AND NOT rl.deleted), '[]'::jsonb) AS rights
    FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
    WHERE u.id = ANY(${sql.array(wanted, 'int4')}) AND NOT u.deleted AND NOT u.is_inactive`);
  const allowed = new Set<number>();
  for (const row of rows) {
    const rights = combineRights((row.rights as RightsObject[]).map((rightsObject) => ({ access_level: 0, rightsObject })));
    const hostUnitIds = row.is_host && Number(row.organization_id) === unit.organization_id ? [unit.id] : [];
    const scope = unitScope({ rights, unitIds: (row.units as number[]).map(Number), hostUnitIds }, 'RIGHT_REQUEST_READ');
    if (scopeIncludes(scope, unit.id)) allowed.add(Number(row.id));
  }
  return allowed;
};
