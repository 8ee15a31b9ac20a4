import { sql, type DatabasePool } from 'slonik';
import type { ActLookupPort, ActUnit } from '../../domain/act/ports';
import type { ActBranchSpare, ActTool } from '../../domain/act/data';
import type { SignerUser } from '../../domain/act/signers';
import { toolHead } from '../../domain/tool/placeholders';

const text = (v: unknown): string => (v == null ? '' : String(v));

/** A tool row as an act lists it: placeholder manufacturers and models left out of its name (requests.md 5). */
export const actToolOf = (r: Record<string, unknown>): ActTool => ({
  id: Number(r.id),
  title: toolHead(text(r.kind), text(r.manufacturer), text(r.model)),
  serial: text(r.serial_number),
  inventory: text(r.inventar_number),
});

/** The act generation's lookups, answered by the organisation, user, role, tool and catalogue read models. */
export const actLookups = (pool: DatabasePool): ActLookupPort => ({
  unit: async (unitId: number): Promise<ActUnit | null> => {
    const r = await pool.maybeOne(sql.unsafe`
      SELECT u.id, u.organization_id, u.region_id, COALESCE(NULLIF(u.vncode, ''), o.vncode) AS vncode,
             COALESCE(NULLIF(u.fullname, ''), u.name) AS unit_name, COALESCE(u.address, '') AS unit_address,
             COALESCE(u.name, '') AS building,
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
        building: String(r.building),
      },
    };
  },
  tools: async (ids: readonly number[]) => {
    if (ids.length === 0) return new Map();
    const rows = await pool.any(sql.unsafe`
      SELECT t.id, k.title AS kind, m.title AS manufacturer, t.model, t.serial_number, COALESCE(t.inventar_number, '') AS inventar_number
      FROM rm_tools t
      LEFT JOIN rm_catalog_items k ON k.key = 'tool_kind:' || t.tool_kind_id
      LEFT JOIN rm_catalog_items m ON m.key = 'manufacturer:' || t.manufacturer_id
      WHERE t.id = ANY(${sql.array([...ids], 'int4')})`);
    return new Map<number, ActTool>(
      rows.map((r) => [Number(r.id), actToolOf(r as Record<string, unknown>)]),
    );
  },
  branchSpares: async (requestId: number): Promise<ActBranchSpare[]> =>
    (
      await pool.any(sql.unsafe`
        SELECT code, title, cost, amount FROM rm_request_spares WHERE request_id = ${requestId} AND amount > 0
        ORDER BY spares_set_id, item_id`)
    ).map((r) => ({ code: r.code == null ? null : Number(r.code), title: String(r.title), amount: Number(r.amount), cost: Number(r.cost) })),
  regionSigners: async (regionId: number): Promise<SignerUser[]> => {
    const rows = await pool.any(sql.unsafe`
      SELECT u.id, u.fio, COALESCE(p.title, u.post_description, '') AS post, u.organization_id,
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
      rights: r.rights as SignerUser['rights'],
    }));
  },
  catalogTitle: async (catalog: string, id: number | null) =>
    id == null ? '' : String((await pool.maybeOneFirst(sql.unsafe`SELECT title FROM rm_catalog_items WHERE key = ${`${catalog}:${id}`}`)) ?? ''),
});
