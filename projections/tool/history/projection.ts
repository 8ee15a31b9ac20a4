import type { ToolEvent } from '../../../domain/tool/events';
import { defineProjection } from '../../../infrastructure/projection';
import { bulkInsert, type BulkColumn } from '../../support/bulk-insert';

/** History types of a tool's own events; requests that involve the tool are merged at query time. */
export const ToolHistoryType = {
  REGISTERED: 'registered',
  ATTRIBUTE: 'attribute',
  STATE: 'state',
  DELETED: 'deleted',
  REQUEST: 'request',
} as const;

/** A row of rm_tool_history (the queries read the same columns). */
export interface ToolHistoryRow {
  tool_id: number;
  position: string;
  idx: number;
  history_type: string;
  date_time: string | null;
  user_id: number | null;
  object_attr: string | null;
  value_old: unknown;
  value_new: unknown;
  request_id: number | null;
  request_number: number | null;
}

const toolHistoryColumns: readonly BulkColumn[] = [
  { name: 'tool_id', type: 'integer' },
  { name: 'position', type: 'bigint' },
  { name: 'idx', type: 'integer' },
  { name: 'history_type', type: 'text' },
  { name: 'date_time', type: 'timestamp with time zone' },
  { name: 'user_id', type: 'integer' },
  { name: 'object_attr', type: 'text' },
  { name: 'value_old', type: 'jsonb' },
  { name: 'value_new', type: 'jsonb' },
  { name: 'request_id', type: 'integer' },
  { name: 'request_number', type: 'integer' },
];

/**
 * rm_tool_history: the tool's own events for GET /api/tool_history/{id}: registration, one row per
 * changed attribute of ToolUpdated, state changes with the request that caused them, deletion.
 * Insert only; key (tool_id, position, idx) from the log.
 */
export const toolHistoryProjection = defineProjection({
  name: 'tool-history',
  version: 1,
  tables: ['rm_tool_history'],
  schema: /* sql */ `
    CREATE TABLE rm_tool_history (
      tool_id integer NOT NULL,
      position bigint NOT NULL,
      idx integer NOT NULL,
      history_type text NOT NULL,
      date_time timestamptz,
      user_id integer,
      object_attr text,
      value_old jsonb,
      value_new jsonb,
      request_id integer,
      request_number integer
    );
  `,
  // The key once the table is full: the log's order is random order for it (Projection.indexes).
  indexes: /* sql */ `ALTER TABLE rm_tool_history ADD PRIMARY KEY (tool_id, position, idx);`,
  eventTypes: new Set(['ToolRegistered', 'ToolUpdated', 'ToolStateChanged', 'ToolDeleted']),
  apply: async (tx, events, { rebuilding }) => {
    const rows: ToolHistoryRow[] = [];
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as ToolEvent;
      const base = {
        tool_id: ev.data.id,
        position: e.position.prepare.toString(),
        date_time: e.metadata?.timestamp ?? null,
        user_id: e.metadata?.userId ?? null,
        request_id: null,
        request_number: null,
      };
      switch (ev.type) {
        case 'ToolRegistered':
          rows.push({ ...base, idx: 0, history_type: ToolHistoryType.REGISTERED, object_attr: null, value_old: null, value_new: null });
          break;
        case 'ToolUpdated':
          ev.data.changes.forEach((c, idx) =>
            rows.push({ ...base, idx, history_type: ToolHistoryType.ATTRIBUTE, object_attr: c.field, value_old: c.old ?? null, value_new: c.new ?? null }),
          );
          break;
        case 'ToolStateChanged':
          rows.push({
            ...base,
            idx: 0,
            history_type: ToolHistoryType.STATE,
            object_attr: 'state',
            value_old: ev.data.previous ?? null,
            value_new: ev.data.state,
            request_id: ev.data.reason?.request_id ?? null,
            request_number: ev.data.reason?.request_number ?? null,
          });
          break;
        case 'ToolDeleted':
          rows.push({ ...base, idx: 0, history_type: ToolHistoryType.DELETED, object_attr: null, value_old: null, value_new: null });
          break;
      }
    }
    if (rows.length === 0) return;
    // A rebuild fills a new table, each event once: no conflict to check.
    await bulkInsert(tx, 'rm_tool_history', toolHistoryColumns, rows, rebuilding ? '' : 'ON CONFLICT DO NOTHING');
  },
});
