import { sql, type DatabasePool } from 'slonik';
import type { UserReference } from '../../domain/request/references';
import type { RightsObject } from '../../domain/rights/rights';
import { noCache, type ReadModelCache } from '../../infrastructure/read-model-cache';

const userReferences = async (pool: DatabasePool, ids: readonly number[]): Promise<UserReference[]> => {
  if (ids.length === 0) return [];
  const rows = await pool.any(sql.unsafe`
    SELECT u.id, u.organization_id, o.region_id, 2 = ANY(u.users_roles) AS engineer, u.hotline_worker
    FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
    WHERE u.id = ANY(${sql.array([...ids], 'int4')}) AND NOT u.deleted AND NOT u.is_inactive`);
  return rows.map((r) => ({
    id: Number(r.id),
    organization_id: r.organization_id == null ? null : Number(r.organization_id),
    region_id: r.region_id == null ? null : Number(r.region_id),
    engineer: Boolean(r.engineer),
    hotline: Boolean(r.hotline_worker),
  }));
};

/** The users read model's answers to the request lookup port (wired in api/write-lookups.ts). */
export const userLookups = (pool: DatabasePool, cache: ReadModelCache = noCache) => ({
  /** Active accounts among `ids`, with what the executor and contact rules need. */
  userReferences: (ids: readonly number[]) => userReferences(pool, ids),
  /**
   * The same, one cache entry per account, valid while the users and organisations read models
   * have not moved: every register and save names its contact, and the benchmark showed the extra
   * round trip in the create p95 (docs/notes/bench.md).
   */
  cachedUserReferences: async (ids: readonly number[]): Promise<UserReference[]> => {
    const found = await Promise.all(
      ids.map((id) => cache.get(['users', 'organizations'], `lookup:user-ref:${id}`, async () => (await userReferences(pool, [id]))[0] ?? null)),
    );
    return found.filter((u): u is UserReference => u !== null);
  },
  /** The region's active engineers (role 2), for regions that assign new requests automatically. */
  regionEngineers: async (regionId: number): Promise<number[]> =>
    ((await pool.anyFirst(sql.unsafe`
      SELECT u.id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE o.region_id = ${regionId} AND 2 = ANY(u.users_roles) AND NOT u.deleted AND NOT u.is_inactive
      ORDER BY u.id`)) as number[]).map(Number),
  regionStaff: async (regionId: number) =>
    (
      await pool.any(sql.unsafe`
        SELECT u.id, COALESCE((SELECT jsonb_agg(rl.rights_object) FROM rm_roles rl WHERE rl.id = ANY(u.users_roles) AND NOT rl.deleted), '[]'::jsonb) AS rights
        FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
        WHERE o.region_id = ${regionId} AND NOT u.deleted AND NOT u.is_inactive AND NOT COALESCE(u.hotline_worker, false)
        ORDER BY u.id`)
    ).map((r) => ({ id: Number(r.id), rights: r.rights as RightsObject[] })),
  /** Active accounts among `ids` with what their request read scope is made of. */
  readers: async (ids: readonly number[]) => {
    if (ids.length === 0) return [];
    const rows = await pool.any(sql.unsafe`
      SELECT u.id, u.units, u.organization_id, COALESCE(o.is_host, false) AS is_host,
             COALESCE((SELECT jsonb_agg(rl.rights_object) FROM rm_roles rl WHERE rl.id = ANY(u.users_roles) AND NOT rl.deleted), '[]'::jsonb) AS rights
      FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
      WHERE u.id = ANY(${sql.array([...ids], 'int4')}) AND NOT u.deleted AND NOT u.is_inactive`);
    return rows.map((r) => ({
      id: Number(r.id),
      units: (r.units as number[]).map(Number),
      organization_id: r.organization_id == null ? null : Number(r.organization_id),
      is_host: Boolean(r.is_host),
      rights: r.rights as RightsObject[],
    }));
  },
  emailsOf: async (ids: readonly number[]): Promise<string[]> =>
    (await pool.anyFirst(sql.unsafe`
      SELECT email FROM rm_users WHERE id = ANY(${sql.array([...ids], 'int4')}) AND email IS NOT NULL AND NOT is_inactive AND NOT deleted
      ORDER BY id`)) as string[],
  /** Accounts among `ids` that exist, are not deleted and are active (a notification's recipients). */
  activeUserIds: async (ids: readonly number[]): Promise<number[]> =>
    ids.length === 0
      ? []
      : ((await pool.anyFirst(sql.unsafe`
          SELECT id FROM rm_users WHERE id = ANY(${sql.array([...ids], 'int4')}) AND NOT deleted AND NOT is_inactive`)) as number[]).map(Number),
});
