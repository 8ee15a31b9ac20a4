import { defineProjection } from '../../infrastructure/projection';
import { bulkInsert, type BulkColumn } from '../support/bulk-insert';
import { auditSummary, streamObject } from '../../domain/audit/summary';

/** Every event type: the audit trail keeps the whole log (the runner only asks `has`). */
const everyType: ReadonlySet<string> = Object.freeze({
  has: () => true,
  size: Number.POSITIVE_INFINITY,
}) as unknown as ReadonlySet<string>;

const auditColumns: readonly BulkColumn[] = [
  { name: 'position', type: 'bigint' },
  { name: 'ts', type: 'timestamp with time zone' },
  { name: 'user_id', type: 'integer' },
  { name: 'kind', type: 'text' },
  { name: 'object_id', type: 'text' },
  { name: 'stream_id', type: 'text' },
  { name: 'revision', type: 'integer' },
  { name: 'event_type', type: 'text' },
  { name: 'summary', type: 'text' },
  { name: 'correlation_id', type: 'text' },
];
const epoch = new Date(0).toISOString();

/**
 * The audit trail (decisions 97–99): one row per event of the log — when, who, which object (stream kind
 * and id), what (type and a Russian summary), and the correlation id tying a command's events
 * together. `position` is the event's place in the global log (the PostgreSQL sequence number), the
 * keyset of the newest-first pages. Pure function of the log: a rebuild gives the same rows.
 */
export const auditProjection = defineProjection({
  name: 'audit',
  version: 1,
  tables: ['rm_audit'],
  schema: /* sql */ `
    CREATE TABLE rm_audit (
      position bigint PRIMARY KEY,
      ts timestamptz NOT NULL,
      user_id integer,
      kind text NOT NULL,
      object_id text NOT NULL,
      stream_id text NOT NULL,
      revision integer NOT NULL,
      event_type text NOT NULL,
      summary text NOT NULL,
      correlation_id text
    );
  `,
  // Each filter walks its own index newest first; the period narrows on ts.
  indexes: /* sql */ `
    CREATE INDEX rm_audit_ts ON rm_audit (ts, position);
    CREATE INDEX rm_audit_user ON rm_audit (user_id, position);
    CREATE INDEX rm_audit_object ON rm_audit (kind, object_id, position);
    CREATE INDEX rm_audit_type ON rm_audit (event_type, position);
  `,
  eventTypes: everyType,
  async apply(tx, events, { rebuilding }) {
    if (events.length === 0) return;
    const rows = events.map((e) => {
      const { kind, objectId } = streamObject(e.streamId);
      return {
        position: e.position.prepare.toString(),
        ts: e.metadata?.timestamp ?? epoch,
        user_id: e.metadata?.userId ?? null,
        kind,
        object_id: objectId,
        stream_id: e.streamId,
        revision: e.revision,
        event_type: e.type,
        summary: auditSummary(e.type, e.data),
        correlation_id: e.metadata?.correlationId ?? null,
      };
    });
    // A rebuild fills a new table, each event once: no conflict to check (the check cost the backend a third more).
    await bulkInsert(tx, 'rm_audit', auditColumns, rows, rebuilding ? '' : 'ON CONFLICT (position) DO NOTHING');
  },
});
