import { toolStateAfterRepair } from '../../domain/request/rules';
import type { Reaction } from '../../infrastructure/reaction';
import { changeToolState } from '../tool/tools';
import type { WriteContext } from '../context';
import type { Logger } from '../../infrastructure/logger';
import { loadRequest } from './load';

/** Request events after which a hard repair may have moved its tool to another state. */
const triggers = new Set([
  'RequestFieldsChanged',
  'RequestTakenForPerform',
  'RequestPerformed',
  'RequestClosed',
  'RequestExecutionCancelled',
]);

/**
 * After a hard repair is saved in PERFORMING, PERFORMED or CLOSED the tool's state follows the
 * repair (requests.md 4.2). The reaction reads the request as it is now, so replaying it changes
 * nothing more: the tool stream ignores a state it already has.
 */
export const toolStateReaction = (w: WriteContext, log: Logger): Reaction => ({
  name: 'reaction:tool-state-after-repair',
  eventTypes: triggers,
  handle: async (events) => {
    const latestByRequest = new Map<number, (typeof events)[number]>();
    for (const e of events) latestByRequest.set(Number(e.streamId.slice('request-'.length)), e);
    for (const [id, e] of latestByRequest) {
      const { state } = await loadRequest(w, id);
      const next = toolStateAfterRepair(state);
      if (next === null || state.tool_id == null) continue;
      try {
        await changeToolState(w, state.tool_id, next, { request_id: id, request_number: state.number }, {
          userId: e.metadata.userId,
          now: e.metadata.timestamp,
          correlationId: e.metadata.correlationId,
          causationId: `${e.streamId}@${e.revision}`,
        });
      } catch (error) {
        // A deleted or unknown tool must not stop the reaction for everyone else.
        log.warn({ requestId: id, toolId: state.tool_id, err: String(error) }, 'tool state after repair not applied');
      }
    }
  },
});
