import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import type { RequestCommand } from '../../domain/request/commands';
import { PerformerKind } from '../../domain/request/enums';
import { mayAssignExecutors } from '../../domain/request/rules';
import type { FileRef } from '../../domain/request/state';
import { parseOrThrow, submittedRequestSchema } from '../../domain/request/validation';
import { scopeIncludes } from '../../domain/rights/scope';
import { yearOf } from '../../domain/shared/dates';
import type { CommandContext } from '../../domain/shared/events';
import { forbidden, invalid } from '../../domain/shared/errors';
import { handleCommand } from '../handle-command';
import type { RequestCaller } from './caller';
import { ids } from './executors';
import type { RequestOutcome, RequestWriteContext } from './load';
import { rememberAppend } from './stream-cache';
import { regionEngineers, regionSettings, requestLookupsWithReferences, unitInfo, userReferences } from './lookups';
import { REQUEST_NUMBER_SCOPE, requestNumberOwner } from './numbers';
import { claimHotlineNumber } from './hotline-numbers';

export interface RegisterInput {
  readonly request: Record<string, unknown>;
  readonly engineer_ids?: unknown;
  readonly attachments?: FileRef[];
  readonly group?: boolean;
}

/**
 * Registers a request: the caller must be allowed to create requests for the unit, the request
 * is validated and decided before a number is taken, then the number is allocated for the year.
 */
export const registerRequest = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  input: RegisterInput,
  context: CommandContext,
): Promise<RequestOutcome> => {
  // Types and ranges first: no lookup below may meet an id PostgreSQL cannot hold.
  parseOrThrow(submittedRequestSchema, input.request);
  const request = { ...input.request };
  const unit = await unitInfo(w, Number(request.unit_id) || null);
  if (request.unit_id != null && request.unit_id !== '' && !unit) throw invalid('Объект не найден', { unit_id: 'Нужно выбрать' });
  if (unit) {
    if (!scopeIncludes(caller.createScope, unit.id)) throw forbidden('Нет прав на создание заявок для этого объекта');
    if (request.region_id == null || request.region_id === '') throw invalid('Нужно выбрать', { region_id: 'Нужно выбрать' });
    if (Number(request.region_id) !== unit.region_id)
      throw invalid('Объект не относится к выбранному региону', { unit_id: 'Объект не относится к выбранному региону' });
  }
  const performerKind = (request.request_performer_kind as PerformerKind | undefined) ?? PerformerKind.FILIAL;
  // What the decision needs, looked up side by side (each is a read of its own; the id only leaves a gap if refused).
  const chosen = ids(input.engineer_ids);
  const [settings, lookups, id] = await Promise.all([
    unit && performerKind === PerformerKind.FILIAL ? regionSettings(w, unit.region_id) : null,
    requestLookupsWithReferences(w, request, { userIds: chosen }),
    w.ids.next('request'),
  ]);
  // The region assigns its engineers when the user assigns none (chose none, or may not assign).
  const assignsNone = chosen.length === 0 || !mayAssignExecutors({ number: null, request_performer_kind: performerKind }, caller.actor.rights);
  let auto: number[] = [];
  if (assignsNone && unit && settings?.auto_assign_engineer) {
    auto = await regionEngineers(w, unit.region_id);
    lookups.references.users.push(...(await userReferences(w, auto)));
  }
  const command = (number: number): RequestCommand => ({
    type: 'RegisterRequest',
    actor: caller.actor,
    id,
    number,
    request,
    engineer_ids: chosen,
    auto_engineer_ids: auto,
    attachments: input.attachments ?? [],
    lookups,
    ...(input.group ? { group: true } : {}),
  });
  // The number is claimed by the append itself, in its own statement (docs/notes/bench.md): decided with a
  // placeholder, a refused request takes no number, and a number is never claimed without its request.
  // The id was just allocated: the stream is new, no need to read it first.
  // A hot line number given at registration (the head performer's SENIOR request) is unique too.
  const hotline = await claimHotlineNumber(w, id, null, typeof request.hotlinegas_number === 'string' ? request.hotlinegas_number : null);
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), command(0), context, {
    expectNew: true,
    yearlyNumber: { year: yearOf(context.now), scope: REQUEST_NUMBER_SCOPE, owner: requestNumberOwner(id), path: ['request', 'number'] },
  }).catch(async (error: unknown) => {
    await hotline.release();
    throw error;
  });
  // A number the decision did not keep (a field the caller may not fill) holds no claim.
  if (!(r.state.hotlinegas_number ?? '').trim()) await hotline.release();
  // The next command on this request (the dialog's save, the take) is decided without reading it again.
  rememberAppend(w.store, id, { state: requestDecider.initialState(), revision: -1, types: [] }, r);
  return { id, position: r.position, after: { state: r.state, revision: r.revision } };
};
