import type { ToolEvent, ToolsSetEvent } from '../../../domain/tool/decider';
import { documentProjection, table } from '../../support/document-projection';

type Row = Record<string, unknown>;
type Event = ToolEvent | ToolsSetEvent;
const asEvent = (e: { type: string; data: unknown }) => ({ type: e.type, data: e.data }) as Event;

const toolColumns = [
  'id', 'unit_id', 'tools_set_id', 'tool_kind_id', 'manufacturer_id', 'model_id', 'model', 'serial_number',
  'inventar_number', 'owner_type_id', 'cost_remain', 'exchange_stock', 'work_in_dt', 'guaranty_dt', 'work_out_dt',
  'state', 'buh_name', 'description', 'tool_softwares', 'deleted',
];

/** Equipment units and sets, for the equipment search of the request dialog and tool history. */
export const toolsProjection = documentProjection({
  name: 'tools',
  version: 1,
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
      deleted boolean NOT NULL DEFAULT false
    );
    CREATE INDEX rm_tools_unit ON rm_tools (unit_id, tool_kind_id) WHERE NOT deleted;
    CREATE INDEX rm_tools_set ON rm_tools (tools_set_id);
    CREATE INDEX rm_tools_serial ON rm_tools (lower(serial_number) text_pattern_ops);
    CREATE INDEX rm_tools_inventar ON rm_tools (lower(inventar_number) text_pattern_ops);
    CREATE TABLE rm_tools_sets (
      id integer PRIMARY KEY,
      type_id integer NOT NULL,
      unit_id integer NOT NULL,
      inventar_number text NOT NULL,
      owner_type_id integer,
      buh_name text,
      work_in_dt date,
      tool_ids integer[] NOT NULL
    );
    CREATE INDEX rm_tools_sets_unit ON rm_tools_sets (unit_id);
  `,
  eventTypes: ['ToolRegistered', 'ToolUpdated', 'ToolStateChanged', 'ToolDeleted', 'ToolsSetRegistered'],
  tables: [
    table<Row>({
      table: 'rm_tools',
      key: 'id',
      columns: toolColumns,
      keysOf: (e) => {
        const ev = asEvent(e);
        return ev.type === 'ToolsSetRegistered' ? ev.data.tool_ids : [ev.data.id];
      },
      evolve: (row, e, key) => {
        const ev = asEvent(e);
        switch (ev.type) {
          case 'ToolRegistered':
          case 'ToolUpdated':
            return { ...ev.data.tool, id: ev.data.id, tools_set_id: ev.data.tool.tools_set_id ?? row?.tools_set_id ?? null, deleted: false };
          case 'ToolStateChanged':
            return row ? { ...row, state: ev.data.state } : null;
          case 'ToolDeleted':
            return row ? { ...row, deleted: true } : null;
          case 'ToolsSetRegistered':
            return row ? { ...row, tools_set_id: ev.data.id } : { id: Number(key), tools_set_id: ev.data.id } as Row;
        }
      },
    }),
    table<Row>({
      table: 'rm_tools_sets',
      key: 'id',
      columns: ['id', 'type_id', 'unit_id', 'inventar_number', 'owner_type_id', 'buh_name', 'work_in_dt', 'tool_ids'],
      keysOf: (e) => (e.type === 'ToolsSetRegistered' ? [(e.data as { id: number }).id] : []),
      evolve: (_row, e) => {
        const ev = asEvent(e);
        return ev.type === 'ToolsSetRegistered' ? { ...ev.data.set, id: ev.data.id, tool_ids: ev.data.tool_ids } : null;
      },
    }),
  ],
});
