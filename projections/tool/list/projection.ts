import type { StoredEvent } from '../../../infrastructure/eventstore/port';
import { withToolListDefaults, type ToolEvent, type ToolFields, type ToolsSetEvent } from '../../../domain/tool/events';
import { documentProjection, table } from '../../support/document-projection';

type Row = Record<string, unknown>;
type Event = ToolEvent | ToolsSetEvent;
const asEvent = (e: { type: string; data: unknown }) => ({ type: e.type, data: e.data }) as Event;

export const toolColumns = [
  'id', 'unit_id', 'tools_set_id', 'tool_kind_id', 'manufacturer_id', 'model_id', 'model', 'serial_number',
  'inventar_number', 'owner_type_id', 'cost_remain', 'exchange_stock', 'work_in_dt', 'guaranty_dt', 'work_out_dt',
  'state', 'buh_name', 'description', 'tool_softwares', 'traits', 'tool_places', 'tool_movings', 'files', 'revision', 'deleted',
];

/** The tool's fields as a row; events written by earlier versions lack the lists (empty). */
const fieldsOf = (tool: ToolFields): Row => {
  const t = withToolListDefaults(tool);
  return {
    unit_id: t.unit_id, tool_kind_id: t.tool_kind_id, manufacturer_id: t.manufacturer_id, model_id: t.model_id ?? null, model: t.model,
    serial_number: t.serial_number, inventar_number: t.inventar_number ?? null, owner_type_id: t.owner_type_id ?? null, cost_remain: t.cost_remain ?? null,
    exchange_stock: Boolean(t.exchange_stock), work_in_dt: t.work_in_dt ?? null, guaranty_dt: t.guaranty_dt ?? null, work_out_dt: t.work_out_dt ?? null,
    state: t.state, buh_name: t.buh_name ?? null, description: t.description ?? null, tool_softwares: t.tool_softwares,
    traits: t.traits, tool_places: t.tool_places, tool_movings: t.tool_movings, files: t.files,
  };
};

/**
 * The list search's own words of a tool (equipment.md 3 'Поиск'): serial and inventory numbers, model,
 * accounting name, note and the current location's room and person, lower case, ё as е. Generated
 * from the row, so a rebuild and a live batch give the same; the names (manufacturer, kind, object)
 * are matched through their catalogues at query time (projections/tool/list/search.ts).
 */
const toolSearchBody = `translate(lower(serial_number || ' ' || coalesce(inventar_number, '') || ' ' || model || ' ' || coalesce(buh_name, '') || ' '
  || coalesce(description, '') || ' ' || coalesce(tool_places -> -1 ->> 'room', '') || ' ' || coalesce(tool_places -> -1 ->> 'man_fio', '')), 'ё', 'е')`;

const setId = (e: StoredEvent) => (e.data as { id: number }).id;

/**
 * Equipment units and sets (equipment.md 2, 3): the list, the card, the sets list and the request
 * dialog's equipment search read them. A tool row carries the stream revision of its last tool event
 * (the card sends it back for staleness). Set membership follows the set stream, its authority
 * (decisions 41–47): a set event sets tools_set_id for its tools and clears it for the removed ones
 * or, when the set is deleted, for all of them; a tool's own update keeps the membership it has.
 * age_dt is the commissioning date with the missing-date rule (equipment.md 4: 1 Jan 2000), indexed
 * for the age filter and the age counts.
 */
export const toolsProjection = documentProjection({
  name: 'tools',
  version: 5,
  schema: /* sql */ `
    CREATE TABLE rm_tools (
      id integer PRIMARY KEY,
      unit_id integer NOT NULL,
      tools_set_id integer,
      tool_kind_id integer NOT NULL,
      manufacturer_id integer NOT NULL,
      model_id integer,
      model text NOT NULL,
      serial_number text NOT NULL,
      inventar_number text,
      owner_type_id integer,
      cost_remain numeric(14,2),
      exchange_stock boolean NOT NULL DEFAULT false,
      work_in_dt date,
      guaranty_dt date,
      work_out_dt date,
      state integer NOT NULL,
      buh_name text,
      description text,
      tool_softwares integer[] NOT NULL DEFAULT '{}',
      traits jsonb NOT NULL DEFAULT '[]',
      tool_places jsonb NOT NULL DEFAULT '[]',
      tool_movings jsonb NOT NULL DEFAULT '[]',
      files jsonb NOT NULL DEFAULT '[]',
      revision integer NOT NULL DEFAULT 0,
      deleted boolean NOT NULL DEFAULT false,
      age_dt date GENERATED ALWAYS AS (coalesce(work_in_dt, date '2000-01-01')) STORED,
      search_body text GENERATED ALWAYS AS (${toolSearchBody}) STORED,
      search_words tsvector GENERATED ALWAYS AS (to_tsvector('russian', ${toolSearchBody})) STORED
    );
    CREATE TABLE rm_tools_sets (
      id integer PRIMARY KEY,
      type_id integer NOT NULL,
      unit_id integer NOT NULL,
      inventar_number text NOT NULL,
      owner_type_id integer,
      buh_name text,
      work_in_dt date,
      tool_ids integer[] NOT NULL,
      revision integer NOT NULL DEFAULT 0
    );
  `,
  // Built once when a rebuild has caught up: maintained row by row (four of them trigram GIN) they
  // cost the tools rebuild most of its time.
  indexes: /* sql */ `
    -- The list's order (unit, kind, id) and the unit scope. INCLUDE holds the small filter columns, so a deep
    -- page and the counts of those filters read the index alone (the text filters read rows).
    CREATE INDEX rm_tools_unit ON rm_tools (unit_id, tool_kind_id, id)
      INCLUDE (state, age_dt, work_in_dt, manufacturer_id, owner_type_id, tools_set_id, exchange_stock, cost_remain) WHERE NOT deleted;
    CREATE INDEX rm_tools_set ON rm_tools (tools_set_id);
    CREATE INDEX rm_tools_kind ON rm_tools (tool_kind_id, unit_id) INCLUDE (age_dt) WHERE NOT deleted;
    CREATE INDEX rm_tools_state ON rm_tools (state, unit_id) WHERE NOT deleted;
    CREATE INDEX rm_tools_age ON rm_tools (age_dt) WHERE NOT deleted;
    CREATE INDEX rm_tools_work_in ON rm_tools (work_in_dt) WHERE NOT deleted;
    CREATE INDEX rm_tools_serial ON rm_tools (lower(serial_number) text_pattern_ops);
    CREATE INDEX rm_tools_inventar ON rm_tools (lower(inventar_number) text_pattern_ops);
    -- The substring filters (LIKE '%…%'), when migration 008 could create pg_trgm.
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX rm_tools_serial_trgm ON rm_tools USING gin (lower(serial_number) gin_trgm_ops) WHERE NOT deleted;
        CREATE INDEX rm_tools_model_trgm ON rm_tools USING gin (lower(model) gin_trgm_ops) WHERE NOT deleted;
        CREATE INDEX rm_tools_inventar_trgm ON rm_tools USING gin (lower(inventar_number) gin_trgm_ops) WHERE NOT deleted;
        CREATE INDEX rm_tools_description_trgm ON rm_tools USING gin (lower(description) gin_trgm_ops) WHERE NOT deleted;
        CREATE INDEX rm_tools_search_trgm ON rm_tools USING gin (search_body gin_trgm_ops) WHERE NOT deleted;
      END IF;
    END $$;
    CREATE INDEX rm_tools_search_words ON rm_tools USING gin (search_words) WHERE NOT deleted;
    -- With the kind's and the unit's indexes, a search naming a manufacturer is one bitmap OR, not a scan.
    CREATE INDEX rm_tools_manufacturer ON rm_tools (manufacturer_id) WHERE NOT deleted;
    CREATE INDEX rm_tools_sets_unit ON rm_tools_sets (unit_id, id);
    CREATE INDEX rm_tools_sets_inventar ON rm_tools_sets (lower(inventar_number) text_pattern_ops);
  `,
  eventTypes: ['ToolRegistered', 'ToolUpdated', 'ToolStateChanged', 'ToolDeleted', 'ToolsSetRegistered', 'ToolsSetUpdated', 'ToolsSetDeleted'],
  tables: [
    table<Row>({
      table: 'rm_tools',
      key: 'id',
      columns: toolColumns,
      keysOf: (e) => {
        const ev = asEvent(e);
        switch (ev.type) {
          case 'ToolsSetRegistered':
          case 'ToolsSetDeleted':
            return ev.data.tool_ids;
          case 'ToolsSetUpdated':
            return [...new Set([...ev.data.tool_ids, ...ev.data.removed_tool_ids])];
          default:
            return [ev.data.id];
        }
      },
      evolve: (row, e, key) => {
        const ev = asEvent(e);
        const id = Number(key);
        switch (ev.type) {
          case 'ToolRegistered':
            return { ...fieldsOf(ev.data.tool), id, tools_set_id: ev.data.tool.tools_set_id ?? row?.tools_set_id ?? null, revision: e.revision, deleted: false };
          case 'ToolUpdated':
            // The set stream decides membership: a tool's save does not move it between sets.
            return { ...fieldsOf(ev.data.tool), id, tools_set_id: row ? row.tools_set_id ?? null : ev.data.tool.tools_set_id ?? null, revision: e.revision, deleted: false };
          case 'ToolStateChanged':
            return row ? { ...row, state: ev.data.state, revision: e.revision } : null;
          case 'ToolDeleted':
            return row ? { ...row, deleted: true, revision: e.revision } : null;
          case 'ToolsSetRegistered':
            return row ? { ...row, tools_set_id: ev.data.id } : null;
          case 'ToolsSetUpdated':
            if (!row) return null;
            if (ev.data.tool_ids.includes(id)) return { ...row, tools_set_id: ev.data.id };
            return row.tools_set_id === ev.data.id ? { ...row, tools_set_id: null } : row;
          case 'ToolsSetDeleted':
            if (!row) return null;
            return row.tools_set_id === ev.data.id ? { ...row, tools_set_id: null } : row;
        }
      },
    }),
    table<Row>({
      table: 'rm_tools_sets',
      key: 'id',
      columns: ['id', 'type_id', 'unit_id', 'inventar_number', 'owner_type_id', 'buh_name', 'work_in_dt', 'tool_ids', 'revision'],
      keysOf: (e) => (e.type.startsWith('ToolsSet') ? [setId(e)] : []),
      evolve: (_row, e) => {
        const ev = asEvent(e);
        switch (ev.type) {
          case 'ToolsSetRegistered':
          case 'ToolsSetUpdated':
            return { ...ev.data.set, id: ev.data.id, tool_ids: ev.data.tool_ids, revision: e.revision };
          case 'ToolsSetDeleted':
            return null;
          default:
            return null;
        }
      },
    }),
  ],
});
