import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import type { HostLookup, Unit } from '../../domain/organization/decider';
import { paged, type Page } from '../support/paging';
import type { ReadModelCache } from '../../infrastructure/read-model-cache';

export interface OrganizationView extends Record<string, unknown> {
  id: number;
  units: Unit[];
}

export interface OrganizationListQuery {
  readonly region_id?: number | null;
  readonly host_id?: number | null;
  readonly is_host?: boolean | null;
  readonly name?: string | null;
  readonly vncode?: string | null;
  readonly pageNumber?: number | null;
  /** Hot line credentials are included only for holders of RIGHT_HOTLINE_PASS. */
  readonly withHotlineSecrets?: boolean;
}

const orgSelect = (withSecrets: boolean) => sql.fragment`
  jsonb_build_object(
    'id', o.id, 'region_id', o.region_id, 'vncode', o.vncode, 'name', o.name, 'fullname', o.fullname,
    'address', o.address, 'mail_address', o.mail_address, 'phone', o.phone, 'is_host', o.is_host,
    'host_id', o.host_id, 'kind_id', o.kind_id, 'assignment', o.assignment,
    'hot_line_email', ${withSecrets ? sql.fragment`o.hot_line_email` : sql.fragment`NULL::text`},
    'hot_line_password', ${withSecrets ? sql.fragment`o.hot_line_password` : sql.fragment`NULL::text`},
    'has_hot_line_credentials', (o.hot_line_email IS NOT NULL AND o.hot_line_password IS NOT NULL),
    'units', COALESCE((SELECT jsonb_agg(jsonb_build_object('id', u.id, 'organization_id', u.organization_id,
        'region_id', u.region_id, 'name', u.name, 'fullname', u.fullname, 'address', u.address, 'vncode', u.vncode) ORDER BY u.id)
      FROM rm_units u WHERE u.organization_id = o.id AND NOT u.deleted), '[]'::jsonb)
  ) AS org`;

export const listOrganizations = async (pool: DatabasePool, q: OrganizationListQuery): Promise<Page<OrganizationView>> => {
  const c = [sql.fragment`NOT o.deleted`];
  if (q.region_id) c.push(sql.fragment`o.region_id = ${q.region_id}`);
  if (q.host_id) c.push(sql.fragment`o.host_id = ${q.host_id}`);
  if (q.is_host != null) c.push(sql.fragment`o.is_host = ${q.is_host}`);
  if (q.name) c.push(sql.fragment`(lower(o.name) LIKE ${`%${q.name.toLowerCase()}%`} OR lower(o.fullname) LIKE ${`%${q.name.toLowerCase()}%`})`);
  if (q.vncode) c.push(sql.fragment`lower(o.vncode) LIKE ${`%${q.vncode.toLowerCase()}%`}`);
  const select = sql.unsafe`
    SELECT ${orgSelect(q.withHotlineSecrets ?? false)} FROM rm_organizations o
    WHERE ${sql.join(c, sql.fragment` AND `)} ORDER BY o.region_id, lower(o.name), o.id`;
  if (q.pageNumber) {
    const page = await paged<{ org: OrganizationView }>(pool, select, q.pageNumber);
    return { ...page, items: page.items.map((r) => r.org) };
  }
  const items = (await pool.any(select)).map((r) => r.org as OrganizationView);
  return { items, pagesCount: 1, itemsCount: items.length };
};

export const getOrganization = async (pool: DatabasePool, id: number, withSecrets = false): Promise<OrganizationView | null> =>
  ((await pool.maybeOneFirst(sql.unsafe`
    SELECT ${orgSelect(withSecrets)} FROM rm_organizations o WHERE o.id = ${id} AND NOT o.deleted`)) as OrganizationView | null) ?? null;

export const findHost = async (pool: DatabasePool, id: number | null): Promise<HostLookup | null> => {
  if (!id) return null;
  const row = await pool.maybeOne(sql.unsafe`
    SELECT id, region_id, is_host FROM rm_organizations WHERE id = ${id} AND NOT deleted`);
  return row ? { id: Number(row.id), region_id: Number(row.region_id), is_host: Boolean(row.is_host) } : null;
};

export const findUnit = async (pool: DatabasePool, id: number): Promise<Unit | null> =>
  ((await pool.maybeOne(sql.unsafe`
    SELECT id, organization_id, region_id, name, fullname, address, vncode FROM rm_units WHERE id = ${id} AND NOT deleted`)) as Unit | null) ??
  null;

export const listUnits = async (pool: DatabasePool, filter: { unitIds?: readonly number[] | null } = {}): Promise<Unit[]> =>
  (await pool.any(sql.unsafe`
    SELECT id, organization_id, region_id, name, fullname, address, vncode FROM rm_units
    WHERE NOT deleted ${filter.unitIds ? sql.fragment`AND id = ANY(${sql.array([...filter.unitIds], 'int4')})` : sql.fragment``}
    ORDER BY region_id, name, id`)) as unknown as Unit[];

/** A unit with what commands and request views need of it (deleted ones too: old requests name them). */
export interface NetworkUnit {
  readonly id: number;
  readonly name: string;
  readonly region_id: number;
  readonly organization_id: number;
  readonly organization_name: string | null;
  readonly has_hot_line_account: boolean;
  readonly deleted: boolean;
}

const readNetworkUnits = async (db: Pick<CommonQueryMethods, 'any'>, only: readonly number[] | null): Promise<Map<number, NetworkUnit>> => {
  const rows = await db.any(sql.unsafe`
    SELECT u.id, u.name, u.region_id, u.organization_id, u.deleted, o.name AS organization_name,
           (o.hot_line_email IS NOT NULL AND o.hot_line_password IS NOT NULL) AS has_hot_line_account
    FROM rm_units u LEFT JOIN rm_organizations o ON o.id = u.organization_id
    ${only ? sql.fragment`WHERE u.id = ANY(${sql.array([...only], 'int4')})` : sql.fragment``}`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: String(r.name),
        region_id: Number(r.region_id),
        organization_id: Number(r.organization_id),
        organization_name: (r.organization_name as string | null) ?? null,
        has_hot_line_account: Boolean(r.has_hot_line_account),
        deleted: Boolean(r.deleted),
      },
    ]),
  );
};

/**
 * Units by id. With a cache that keeps values, the whole network's units (a few thousand) are read
 * at once per change of the organisations: new requests go to many different courts, and a read
 * per unit on first use cost most creates a round trip under load. Without one, only `ids`.
 */
export const networkUnits = async (db: Pick<CommonQueryMethods, 'any'>, cache: ReadModelCache, ids: readonly number[]): Promise<Map<number, NetworkUnit>> =>
  cache.retains ? cache.get(['organizations'], 'units:network', () => readNetworkUnits(db, null)) : readNetworkUnits(db, ids);
