import { sql, type DatabasePool } from 'slonik';
import type { ActLookupPort, ActUnit } from '../../domain/act/ports';
import type { ActTool } from '../../domain/act/data';
import type { SignerUser } from '../../domain/act/signers';

/** The act generation's lookups, answered by the organisation, user, role, tool and catalogue read models. */
export const actLookups = (pool: DatabasePool): ActLookupPort => ({
  unit: async (unitId: number): Promise<ActUnit | null> => {
    const r = await pool.maybeOne(sql.unsafe`
      SELECT u.id, u.organization_id, u.region_id, COALESCE(NULLIF(u.vncode, ''), o.vncode) AS vncode,
             COALESCE(NULLIF(u.fullname, ''), u.name) AS unit_name, COALESCE(u.address, '') AS unit_address,
             COALESCE(NULLIF(o.fullname, ''), o.name) AS court_name, COALESCE(o.address, '') AS court_address,
             COALESCE(rg.title, '') AS region,
             COALESCE((SELECT COALESCE(NULLIF(b.fullname, ''), b.name) FROM rm_organizations b
                        JOIN rm_catalog_items k ON k.key = 'organization_kind:' || b.kind_id
                        WHERE b.region_id = u.region_id AND NOT b.deleted AND (k.data->>'is_filial')::boolean
                        ORDER BY b.id LIMIT 1), '') AS branch
      FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
      LEFT JOIN rm_catalog_items rg ON rg.key = 'regions:' || u.region_id
      WHERE u.id = ${unitId}`);
    if (!r) return null;
    return {
      id: Number(r.id),
      organizationId: Number(r.organization_id),
      regionId: Number(r.region_id),
      vncode: String(r.vncode),
      place: {
        region: String(r.region),
        branch: String(r.branch),
        court: String(r.court_name),
        courtAddress: String(r.court_address),
        unit: String(r.unit_name),
        unitAddress: String(r.unit_address),
      },
    };
  },
  tools: async (ids: readonly number[]) => {
    if (ids.length === 0) return new Map();
    const rows = await pool.any(sql.unsafe`
      SELECT t.id, concat_ws(' ', NULLIF(k.title, ''), NULLIF(m.title, ''), NULLIF(t.model, '')) AS title,
             t.serial_number, COALESCE(t.inventar_number, '') AS inventar_number
      FROM rm_tools t
      LEFT JOIN rm_catalog_items k ON k.key = 'tool_kind:' || t.tool_kind_id
      LEFT JOIN rm_catalog_items m ON m.key = 'manufacturer:' || t.manufacturer_id
      WHERE t.id = ANY(${sql.array([...ids], 'int4')})`);
    return new Map<number, ActTool>(
      rows.map((r) => [Number(r.id), { id: Number(r.id), title: String(r.title), serial: String(r.serial_number), inventory: String(r.inventar_number) }]),
    );
  },
  regionSigners: async (regionId: number): Promise<SignerUser[]> => {
    const rows = await pool.any(sql.unsafe`
      SELECT u.id, u.fio, COALESCE(p.title, u.post_description, '') AS post, u.organization_id, u.units,
             COALESCE((k.data->>'is_filial')::boolean, false) AS in_branch,
             COALESCE((SELECT jsonb_agg(rl.rights_object) FROM rm_roles rl WHERE rl.id = ANY(u.users_roles) AND NOT rl.deleted), '[]'::jsonb) AS rights
      FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
      LEFT JOIN rm_catalog_items p ON p.key = 'posts:' || u.post_id
      LEFT JOIN rm_catalog_items k ON k.key = 'organization_kind:' || o.kind_id
      WHERE o.region_id = ${regionId} AND NOT o.deleted AND NOT u.deleted AND NOT u.is_inactive`);
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.fio),
      post: String(r.post),
      organizationId: Number(r.organization_id),
      inBranch: Boolean(r.in_branch),
      units: (r.units as number[]).map(Number),
      rights: r.rights as SignerUser['rights'],
    }));
  },
  catalogTitle: async (catalog: string, id: number | null) =>
    id == null ? '' : String((await pool.maybeOneFirst(sql.unsafe`SELECT title FROM rm_catalog_items WHERE key = ${`${catalog}:${id}`}`)) ?? ''),
});
