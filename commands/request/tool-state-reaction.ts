import { toolStateAfterRepair } from '../../domain/request/rules';
import { RequestKind, RequestStatus } from '../../domain/request/enums';
import type { RequestState } from '../../domain/request/state';
import { ToolState } from '../../domain/tool/states';
import { eventBetween } from '../../domain/tool/lifecycle';
import type { ToolMachineEventType } from '../../domain/tool/machine';
import { isDomainError } from '../../domain/shared/errors';
import type { Reaction } from '../../infrastructure/reaction';
import { applyToolEvent, loadTool } from '../tool/tools';
import type { WriteContext } from '../context';
import type { Logger } from '../../infrastructure/logger';
import { loadRequest } from './load';
import { requestStreamCache } from './stream-cache';

/** Request events after which a hard repair or a commissioning act may move tools to another state. */
const triggers = new Set([
  'RequestFieldsChanged',
  'RequestTakenForPerform',
  'RequestPerformed',
  'RequestClosed',
  'RequestExecutionCancelled',
]);

/** A commissioning request is done once performed or closed: the act's tools go in work. */
const commissioningDone = (state: RequestState): boolean =>
  state.request_kind_id === RequestKind.COMMISSIONING &&
  (state.request_status_id === RequestStatus.PERFORMED || state.request_status_id === RequestStatus.CLOSED);

/**
 * The tool machine moves the request's tools (docs/decisions.md "Tool lifecycle"):
 * - after a hard repair saved in PERFORMING, PERFORMED or CLOSED the tool follows the repair
 *   (requests.md 4.2: full repair → in work, decommission inspection → waiting reclaim,
 *   repair-waiting inspection → broken);
 * - a commissioning request reaching PERFORMED or CLOSED commissions its WAITING tools.
 * Each move is a machine event; one the machine refuses from the tool's state is skipped with a log
 * line. The reaction reads the request as it is now, so replaying it changes nothing more: a tool
 * already in the target state gets no event. A request this process has just appended to comes from
 * the stream cache when the cache holds it at the event's revision or later (a fold of the stream
 * proved by its append: commands/request/stream-cache.ts), which spares a read per save and take.
 */
export const toolStateReaction = (w: WriteContext, log: Logger): Reaction => ({
  name: 'reaction:tool-state-after-repair',
  eventTypes: triggers,
  handle: async (events) => {
    let acted = false;
    const latestByRequest = new Map<number, (typeof events)[number]>();
    for (const e of events) latestByRequest.set(Number(e.streamId.slice('request-'.length)), e);
    for (const [id, e] of latestByRequest) {
      const cached = requestStreamCache(w.store).get(id);
      const { state } = cached && cached.revision >= e.revision ? cached : await loadRequest(w, id);
      const moves: Array<{ toolId: number; target: ToolState; event: ToolMachineEventType | null }> = [];
      const repairTarget = toolStateAfterRepair(state);
      if (repairTarget !== null && state.tool_id != null) moves.push({ toolId: state.tool_id, target: repairTarget, event: null });
      if (commissioningDone(state))
        for (const t of state.tools_commissioning) moves.push({ toolId: t.tool_id, target: ToolState.IN_WORK, event: 'commission' });
      const reason = { request_id: id, request_number: state.number };
      const ctx = {
        userId: e.metadata.userId,
        now: e.metadata.timestamp,
        correlationId: e.metadata.correlationId,
        causationId: `${e.streamId}@${e.revision}`,
      };
      for (const move of moves) {
        try {
          const tool = await loadTool(w, move.toolId);
          if (tool.state.status !== 'active' || !tool.state.tool) {
            log.warn({ requestId: id, toolId: move.toolId }, 'tool state reaction: no such tool, skipped');
            continue;
          }
          const from = tool.state.tool.state;
          if (from === move.target) continue;
          // Commissioning moves only tools still waiting; a repair takes whatever event leads to its target.
          const event = move.event ?? eventBetween(from, move.target);
          if (event === null || (move.event === 'commission' && from !== ToolState.WAITING)) {
            log.info({ requestId: id, toolId: move.toolId, from, to: move.target }, 'tool state reaction: the tool machine refuses the transition, skipped');
            continue;
          }
          acted = true;
          await applyToolEvent(w, move.toolId, event, reason, ctx);
        } catch (error) {
          // A refused or lost transition must not stop the reaction for everyone else.
          if (isDomainError(error)) log.info({ requestId: id, toolId: move.toolId, err: error.message }, 'tool state reaction: refused, skipped');
          else log.warn({ requestId: id, toolId: move.toolId, err: String(error) }, 'tool state after request not applied');
        }
      }
    }
    return acted ? 'acted' : 'none';
  },
});
