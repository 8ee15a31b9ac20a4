import type { Reaction } from '../../infrastructure/reaction';
import { sendCloseNotice, type HotlineDeps } from './hotline';

/**
 * The closed-mail rule (requests.md 4.2) applied on its own: after a request is closed, or its hot
 * line number is filled in while closed, the close notice goes once (the key of the request and the
 * flag make a replay send nothing).
 */
export const hotlineCloseReaction = (deps: () => HotlineDeps): Reaction => ({
  name: 'reaction:hotline-close-mail',
  eventTypes: new Set(['RequestClosed', 'RequestHotLineFulfilled', 'RequestFieldsChanged']),
  handle: async (events) => {
    const ids = new Set<number>();
    for (const e of events) {
      if (e.type === 'RequestFieldsChanged') {
        const changes = (e.data as { changes?: Array<{ field: string }> }).changes ?? [];
        if (!changes.some((c) => c.field === 'hotlinegas_number')) continue;
      }
      const id = Number(e.streamId.replace(/^request-/, ''));
      if (Number.isInteger(id) && id > 0) ids.add(id);
    }
    if (ids.size === 0) return 'none';
    for (const id of ids)
      await sendCloseNotice(deps(), id, { userId: null, now: new Date().toISOString(), correlationId: `hotline-close:${id}`, causationId: null });
    return 'acted';
  },
});
