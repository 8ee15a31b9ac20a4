import type { CommandContext, DomainEvent } from '../../domain/shared/events';
import { toNewEvents } from '../../commands/handle-command';
import type { EventRow } from '../lib/db';

/**
 * Where generated events go: the very NewEvent objects the command path builds (toNewEvents: type,
 * data, metadata with the acting user, correlation id and the command's time), serialized for COPY.
 */
export class EventLog {
  rows: EventRow[] = [];
  count = 0;

  /** Appends the events a decider returned to `streamId`, starting at `revision`; returns the next revision. */
  append(streamId: string, revision: number, events: readonly DomainEvent[], context: CommandContext): number {
    const at = Date.parse(context.now);
    for (const e of toNewEvents(events, context)) {
      this.rows.push({ stream: streamId, revision: revision++, type: e.type, data: JSON.stringify(e.data ?? null), meta: JSON.stringify(e.metadata), at });
      this.count++;
    }
    return revision;
  }

  take(): EventRow[] {
    const out = this.rows;
    this.rows = [];
    return out;
  }
}

export const isoOf = (ms: number) => new Date(ms).toISOString();
