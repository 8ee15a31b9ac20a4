import type { OrganizationEvent } from '../../domain/organization/decider';
import { documentProjection, table } from '../support/document-projection';

const orgColumns = [
  'id', 'region_id', 'vncode', 'name', 'fullname', 'address', 'mail_address', 'phone', 'is_host', 'host_id',
  'kind_id', 'assignment', 'hot_line_email', 'hot_line_password', 'deleted',
] as const;
const unitColumns = ['id', 'organization_id', 'region_id', 'name', 'fullname', 'address', 'vncode', 'deleted'] as const;

type Row = Record<string, unknown>;
const asEvent = (e: { type: string; data: unknown }) => ({ type: e.type, data: e.data }) as OrganizationEvent;

export const organizationsProjection = documentProjection({
  name: 'organizations',
  version: 2,
  schema: /* sql */ `
    CREATE TABLE rm_organizations (
      id integer PRIMARY KEY,
      region_id integer NOT NULL,
      vncode text NOT NULL,
      name text NOT NULL,
      fullname text,
      address text,
      mail_address text,
      phone text,
      is_host boolean NOT NULL,
      host_id integer,
      kind_id integer,
      assignment text,
      hot_line_email text,
      hot_line_password text,
      deleted boolean NOT NULL DEFAULT false
    );
    CREATE INDEX rm_organizations_region ON rm_organizations (region_id) WHERE NOT deleted;
    CREATE INDEX rm_organizations_vncode ON rm_organizations (vncode);
    CREATE TABLE rm_units (
      id integer PRIMARY KEY,
      organization_id integer NOT NULL,
      region_id integer NOT NULL,
      name text NOT NULL,
      fullname text,
      address text,
      vncode text,
      deleted boolean NOT NULL DEFAULT false
    );
    CREATE INDEX rm_units_organization ON rm_units (organization_id);
    CREATE INDEX rm_units_region ON rm_units (region_id);
    -- The equipment search finds the objects a word names first (projections/tool/list/search.ts):
    -- without these it computed every name's tsvector on each search (16 ms at 3,600 objects).
    CREATE INDEX rm_units_name_words ON rm_units USING gin (to_tsvector('russian', name));
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX rm_units_name_trgm ON rm_units USING gin (translate(lower(name), 'ё', 'е') gin_trgm_ops);
      END IF;
    END $$;
  `,
  eventTypes: [
    'OrganizationCreated', 'OrganizationUpdated', 'OrganizationDeleted',
    'UnitAdded', 'UnitUpdated', 'UnitRemoved', 'UnitMovedIn', 'UnitMovedOut',
  ],
  tables: [
    table<Row>({
      table: 'rm_organizations',
      key: 'id',
      columns: orgColumns,
      keysOf: (e) => {
        const ev = asEvent(e);
        return ev.type === 'OrganizationCreated' || ev.type === 'OrganizationUpdated' || ev.type === 'OrganizationDeleted'
          ? [ev.data.id]
          : [];
      },
      evolve: (row, e) => {
        const ev = asEvent(e);
        if (ev.type === 'OrganizationDeleted') return row ? { ...row, deleted: true } : null;
        if (ev.type === 'OrganizationCreated' || ev.type === 'OrganizationUpdated')
          return { ...ev.data.organization, id: ev.data.id, deleted: false };
        return row;
      },
    }),
    table<Row>({
      table: 'rm_units',
      key: 'id',
      columns: unitColumns,
      keysOf: (e) => {
        const ev = asEvent(e);
        switch (ev.type) {
          case 'UnitAdded':
          case 'UnitUpdated':
          case 'UnitMovedIn':
            return [ev.data.unit.id];
          case 'UnitRemoved':
            return [ev.data.unit_id];
          default:
            return [];
        }
      },
      evolve: (row, e) => {
        const ev = asEvent(e);
        switch (ev.type) {
          case 'UnitAdded':
          case 'UnitUpdated':
          case 'UnitMovedIn':
            return { ...ev.data.unit, deleted: false };
          case 'UnitRemoved':
            // A building removed from its organisation stays for the records that name it.
            return row && row.organization_id === ev.data.organization_id ? { ...row, deleted: true } : row;
          default:
            return row;
        }
      },
    }),
  ],
});
