import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import type { RequestCommand, RequestLookups, SaveRequest } from '../../domain/request/commands';
import { applyFieldReactions, sparesAllowed } from '../../domain/request/reactions';
import { editableFields } from '../../domain/request/machine';
import { dataOf, type FileRef, type RequestData, type RequestDocument, type RequestState, type SparePbsItem, type WorkItem } from '../../domain/request/state';
import { parseOrThrow, submittedRequestSchema } from '../../domain/request/validation';
import { scopeIncludes } from '../../domain/rights/scope';
import type { CommandContext } from '../../domain/shared/events';
import { conflict, DomainError, forbidden, invalid } from '../../domain/shared/errors';
import { claimHotlineNumber } from './hotline-numbers';
import { changedSince, decideAll, handleCommands } from '../handle-command';
import { latest } from '../context';
import { currentSpareLines, parseSpareLines, requestSparesStep, sameSpares, type SpareLine } from '../spares/request-spares-step';
import type { RequestCaller } from './caller';
import { assignCommand, ids } from './executors';
import { COMMENT_EVENTS, loadVisible, STALE_REQUEST, withRequest, type Loaded, type RequestOutcome, type RequestWriteContext } from './load';
import { rememberAppend } from './stream-cache';
import { requestLookupsWithReferences, unitInfo } from './lookups';

export interface SaveInput {
  readonly request: Record<string, unknown>;
  readonly revision?: number | null;
  readonly engineer_ids?: unknown;
  readonly spares?: unknown;
  readonly works?: WorkItem[];
  readonly spares_pbs?: SparePbsItem[];
  readonly tools_commissioning?: SaveRequest['tools_commissioning'];
  readonly students_list?: SaveRequest['students_list'];
  /** Ids of the attachments the client keeps; absent: attachments unchanged. */
  readonly attachments_kept?: string[];
  readonly attachments_added?: FileRef[];
  /** Ids of the documents the client keeps; absent: documents unchanged. */
  readonly documents_kept?: string[];
  readonly documents_added?: RequestDocument[];
}

/** Without the cost right, costs can be neither seen nor changed: keep the stored ones. */
const keepCosts = <T extends { title: string; cost: number | null }>(submitted: T[] | undefined, stored: readonly T[]): T[] | undefined =>
  submitted?.map((item, i) => {
    const same = stored.find((s) => s.title === item.title) ?? stored[i];
    return { ...item, cost: same?.cost ?? 0 };
  });

/** Texts the dialog shows after the save (the warranty change notice): the decider's own reactions. */
const noticesOf = (state: RequestState, request: Record<string, unknown>, lookups: RequestLookups, context: CommandContext): string[] =>
  applyFieldReactions(state, { ...dataOf(state), ...request } as RequestData, lookups, context.now).notices;

/**
 * Saves the dialog: the whole submitted request, executors, lists, files and spares. Everything
 * is decided first; then the spares step changes the spares sets (each guards its own stock), and
 * the request events go through handleCommands on the state the decision was made on. If another
 * user saved in between, the spares step is compensated and the caller gets 409.
 */
export const saveRequest = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  input: SaveInput,
  context: CommandContext,
  preloaded?: Loaded,
): Promise<RequestOutcome & { notices: string[] }> => {
  if (!preloaded) return saveOn(w, caller, id, input, context, await loadVisible(w, caller, id));
  // From the stream cache (docs/notes/bench.md): it counts only if the request's append follows that revision.
  if (preloaded.cached) return withRequest(w, caller, id, preloaded, (loaded) => saveOn(w, caller, id, input, context, loaded), (r, loaded) => r.after.revision > loaded.revision);
  // The route's visibility check already read the stream (docs/notes/bench.md: one read per save, not two).
  // Should the stream have moved since, the save is decided once more on the stream as it is now,
  // exactly as if it had been read here: the stale checks and the expected revision stay the judges.
  try {
    return await saveOn(w, caller, id, input, context, preloaded);
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
    const fresh = await loadVisible(w, caller, id);
    if (fresh.revision === preloaded.revision) throw error;
    return saveOn(w, caller, id, input, context, fresh);
  }
};

const saveOn = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  input: SaveInput,
  context: CommandContext,
  loaded: Loaded,
): Promise<RequestOutcome & { notices: string[] }> => {
  const { state, revision } = loaded;
  if (changedSince(input.revision, revision, loaded.types, COMMENT_EVENTS)) throw conflict(STALE_REQUEST);
  // Types and ranges first: no lookup below may meet an id PostgreSQL cannot hold.
  parseOrThrow(submittedRequestSchema, input.request);
  const request = { ...input.request };
  const merged = { ...state, ...request };
  const lookups = await requestLookupsWithReferences(w, merged, { toolIds: (input.tools_commissioning ?? []).map((t) => t.tool_id) });
  if (request.unit_id != null && Number(request.unit_id) !== state.unit_id) {
    const unit = await unitInfo(w, Number(request.unit_id) || null);
    if (request.unit_id !== '' && (!unit || !scopeIncludes(caller.readScope, unit.id))) throw invalid('Объект не найден', { unit_id: 'Нужно выбрать' });
  }
  const works = caller.canViewCost ? input.works : keepCosts(input.works, state.works);
  const spares_pbs = caller.canViewCost ? input.spares_pbs : keepCosts(input.spares_pbs, state.spares_pbs);
  const save: SaveRequest = {
    type: 'SaveRequest',
    actor: caller.actor,
    request,
    ...(works ? { works } : {}),
    ...(spares_pbs ? { spares_pbs } : {}),
    ...(input.tools_commissioning ? { tools_commissioning: input.tools_commissioning } : {}),
    ...(input.students_list ? { students_list: input.students_list } : {}),
    attachments_added: input.attachments_added ?? [],
    attachments_removed: input.attachments_kept ? state.attachments.filter((f) => !input.attachments_kept!.includes(f.file_id)).map((f) => f.file_id) : [],
    documents_added: input.documents_added ?? [],
    documents_removed: input.documents_kept ? state.documents.filter((f) => !input.documents_kept!.includes(f.file_id)).map((f) => f.file_id) : [],
    lookups,
  };
  const commands: RequestCommand[] = [save];
  if (input.engineer_ids !== undefined) {
    const wanted = ids(input.engineer_ids);
    const same = wanted.length === state.engineers.length && wanted.every((e) => state.engineers.includes(e));
    if (!same) commands.push(await assignCommand(w, caller, wanted));
  }
  // Decided here (a refusal changes no spares); handleCommands decides the same again when appending.
  const { events, next } = decideAll(requestDecider, state, commands, context);

  // Spares: the request's whole list is replaced; a repair type that takes no spares clears them.
  // Leaving such a type clears them in the same save, so a request whose type took none before
  // and takes none now holds none: no need to read the spares sets.
  const withSpares = sparesAllowed(state.repair_type_id) || sparesAllowed(next.repair_type_id);
  // A save that may move spares changes other streams before the request's: never on a cached state
  // (withRequest runs it again on the stream as read).
  if (withSpares && loaded.cached) throw conflict(STALE_REQUEST);
  const current = withSpares ? await currentSpareLines(w, id) : [];
  let desired: SpareLine[] = input.spares === undefined ? current : parseSpareLines(input.spares);
  if (!sparesAllowed(next.repair_type_id)) desired = [];
  const sparesChanged = !sameSpares(current, desired);
  // Spares are a movement list: chosen in PERFORMING by whoever may edit the movement tab.
  if (sparesChanged && desired.length > 0 && !editableFields(state, caller.actor).has('spares'))
    throw forbidden('Недостаточно прав для изменения ЗИП');
  const unchanged = { state, revision };
  if (events.length === 0 && !sparesChanged) return { id, position: null, notices: [], after: unchanged };

  // A hot line number another request holds is refused before anything changes.
  const hotline = await claimHotlineNumber(w, id, state.hotlinegas_number, next.hotlinegas_number);
  // The spares sets first, then the request; the request refused or beaten: the sets are put back.
  const spares = sparesChanged ? await requestSparesStep.apply(w.store, id, current, desired, context, w.log).catch(async (e: unknown) => {
    await hotline.release();
    throw e;
  }) : null;
  if (events.length === 0) return { id, position: spares?.position ?? null, notices: [], after: unchanged, sparesChanged };
  try {
    const appended = await handleCommands(w.store, requestDecider, requestStreamId(id), commands, context, {
      known: loaded,
      retries: 0,
      staleMessage: STALE_REQUEST,
    });
    rememberAppend(w.store, id, loaded, appended);
    await hotline.commit();
    return {
      id,
      position: latest(spares?.position ?? null, appended.position),
      notices: noticesOf(state, request, lookups, context),
      after: { state: appended.state, revision: appended.revision },
      sparesChanged,
    };
  } catch (error) {
    await spares?.compensate();
    await hotline.release();
    throw error;
  }
};
