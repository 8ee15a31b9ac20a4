import { sql } from 'slonik';
import { defineProjection } from '../../infrastructure/projection';
import { auditSummary, streamObject } from '../../domain/audit/summary';

/** Every event type: the audit trail keeps the whole log (the runner only asks `has`). */
const everyType: ReadonlySet<string> = Object.freeze({
  has: () => true,
  size: Number.POSITIVE_INFINITY,
}) as unknown as ReadonlySet<string>;

/**
 * The audit trail (issue 17): one row per event of the log — when, who, which object (stream kind
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
  async apply(tx, events) {
    if (events.length === 0) return;
    const rows = events.map((e) => {
      const { kind, objectId } = streamObject(e.streamId);
      return [
        e.position.prepare.toString(),
        e.metadata?.timestamp ?? new Date(0).toISOString(),
        e.metadata?.userId ?? null,
        kind,
        objectId,
        e.streamId,
        e.revision,
        e.type,
        auditSummary(e.type, e.data),
        e.metadata?.correlationId ?? null,
      ];
    });
    await tx.query(sql.unsafe`
      INSERT INTO rm_audit (position, ts, user_id, kind, object_id, stream_id, revision, event_type, summary, correlation_id)
      SELECT * FROM ${sql.unnest(rows, ['int8', 'timestamptz', 'int4', 'text', 'text', 'text', 'int4', 'text', 'text', 'text'])}
      ON CONFLICT (position) DO NOTHING`);
  },
});
