import { sql, type DatabasePool } from 'slonik';
import type { RequestLookups } from '../../domain/request/commands';
import { ProgramType, ServiceType } from '../../domain/catalog/definitions';
import { noCache } from '../../projections/support/read-model-cache';
import { networkUnits, type NetworkUnit } from '../../projections/organizations/queries';
import type { WriteContext } from '../context';

type Reader = Pick<WriteContext, 'pool' | 'cache'>;

/**
 * What a request decision needs from outside its stream, read from the read models: the chosen
 * tool's warranty and set, the chosen program's type and subsystem, the region's own service centre.
 */
export const requestLookups = async (
  { pool, cache = noCache }: Reader,
  request: { tool_id?: unknown; program_id?: unknown; region_id?: unknown },
): Promise<RequestLookups> => {
  const toolId = Number(request.tool_id) || null;
  const programId = Number(request.program_id) || null;
  const regionId = Number(request.region_id) || null;
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

export type UnitInfo = Pick<NetworkUnit, 'id' | 'region_id' | 'organization_id' | 'has_hot_line_account'>;

export const unitInfo = async ({ pool, cache = noCache }: Reader, unitId: number | null): Promise<UnitInfo | null> => {
  if (!unitId) return null;
  const unit = (await networkUnits(pool, cache, [unitId])).get(unitId);
  return unit && !unit.deleted ? unit : null;
};

/** Executors a request may get: active engineers (role 2) and hot line staff. Unknown ids are dropped by the caller's check. */
export const existingExecutors = async (pool: DatabasePool, ids: readonly number[]): Promise<number[]> =>
  ids.length === 0
    ? []
    : ((await pool.anyFirst(sql.unsafe`
        SELECT id FROM rm_users
        WHERE id = ANY(${sql.array([...ids], 'int4')}) AND NOT deleted AND NOT is_inactive
          AND (2 = ANY(users_roles) OR hotline_worker)`)) as number[]).map(Number);

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
