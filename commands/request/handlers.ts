import { foldRequest, requestDecider } from '../../domain/request/decider';
import { requestStreamId, type RequestEvent } from '../../domain/request/events';
import type { RequestCommand, RequestLookups, SaveRequest } from '../../domain/request/commands';
import { applyFieldReactions, sparesAllowed } from '../../domain/request/reactions';
import { buttonCommands, isButtonAction, type ButtonAction } from '../../domain/request/actions';
import { ContactKind, PerformerKind } from '../../domain/request/enums';
import { editableFields } from '../../domain/request/rules';
import { dataOf, type FileRef, type RequestData, type RequestDocument, type RequestState, type SparePbsItem, type WorkItem } from '../../domain/request/state';
import { groupRequestSchema, requestDateSchema, requestNumberSchema, parseOrThrow, submittedRequestSchema } from '../../domain/request/validation';
import { PG_INT_MAX, primitiveMessages } from '../../domain/shared/primitives';
import { scopeIncludes } from '../../domain/rights/scope';
import { hasFull } from '../../domain/rights/rights';
import { yearOf } from '../../domain/shared/dates';
import type { CommandContext } from '../../domain/shared/events';
import { conflict, forbidden, invalid, notFound } from '../../domain/shared/errors';
import { WrongExpectedRevisionError, type Position } from '../../infrastructure/eventstore/port';
import { changedSince, handleCommand, toNewEvents } from '../handle-command';
import { latest, type CommandOutcome, type WriteContext } from '../context';
import type { Logger } from '../../infrastructure/logger';
import type { RequestCaller } from './caller';
import { regionEngineers, regionSettings, requestLookupsWithReferences, unitInfo, userReferences, usersWhoMaySee } from './lookups';
import { allocateRequestNumber, claimRequestNumber, releaseRequestNumber } from './numbers';
import { currentSpareLines, parseSpareLines, replaceRequestSpares, sameSpares, type SpareLine } from './spares';

export const STALE_REQUEST = 'Заявка была изменена другим пользователем. Обновите заявку.';
export const REQUEST_NOT_FOUND = 'Заявка не найдена';

export interface RequestWriteContext extends WriteContext {
  readonly log: Logger;
}

/**
 * A request command's outcome with the request as the command left it (its stream folded), so the
 * answer needs no second read; `sparesChanged` says the stock spares (a read model) moved too.
 */
export interface RequestOutcome extends CommandOutcome {
  readonly after: Loaded;
  readonly sparesChanged?: boolean;
}

export interface Loaded {
  readonly state: RequestState;
  readonly revision: number;
  /** Event types of the stream, oldest first (when it was read, not for a command's outcome). */
  readonly types?: readonly string[];
}

/**
 * A chat message does not make an open dialog stale: a save or button that carries the revision
 * read before a comment arrived still applies (it decides on the current state).
 */
export const COMMENT_EVENTS: ReadonlySet<string> = new Set(['RequestCommentAdded']);

export const loadRequest = async (w: WriteContext, id: number): Promise<Loaded> => {
  const history = await w.store.readStream(requestStreamId(id));
  const state = foldRequest(history.map((e) => ({ type: e.type, data: e.data }) as RequestEvent));
  return { state, revision: history.length - 1, types: history.map((e) => e.type) };
};

/** A request outside the caller's read scope does not exist for them (read from its stream, never stale). */
export const loadVisible = async (w: WriteContext, caller: Pick<RequestCaller, 'readScope'>, id: number): Promise<Loaded> => {
  const loaded = await loadRequest(w, id);
  if (!loaded.state.registered || loaded.state.deleted || !scopeIncludes(caller.readScope, loaded.state.unit_id))
    throw notFound(REQUEST_NOT_FOUND);
  return loaded;
};

const ids = (raw: unknown): number[] => {
  if (!Array.isArray(raw)) return [];
  const list = raw.map((x) => Number(typeof x === 'object' && x ? ((x as { id?: unknown; user_id?: unknown }).user_id ?? (x as { id?: unknown }).id) : x)).filter((n) => Number.isInteger(n) && n > 0);
  // Past PostgreSQL integer no account exists: refused (400) rather than looked up.
  if (list.some((n) => n > PG_INT_MAX)) throw invalid(primitiveMessages.id);
  return [...new Set(list)];
};

/** An executors command with the chosen users as found; the decider checks region and role. */
const assignCommand = async (w: WriteContext, caller: RequestCaller, wanted: number[]): Promise<RequestCommand> => ({
  type: 'AssignEngineers',
  actor: caller.actor,
  engineer_ids: wanted,
  executors: await userReferences(w.pool, wanted),
});

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
  const performerKind = (request.request_performer_kind as string | undefined) ?? PerformerKind.FILIAL;
  // What the decision needs, looked up side by side (each is a read of its own; the id only leaves a gap if refused).
  const chosen = ids(input.engineer_ids);
  const [settings, lookups, id] = await Promise.all([
    unit && performerKind === PerformerKind.FILIAL ? regionSettings(w, unit.region_id) : null,
    requestLookupsWithReferences(w, request, { userIds: chosen }),
    w.ids.next('request'),
  ]);
  let engineers = chosen;
  if (engineers.length === 0 && unit && settings?.auto_assign_engineer) {
    engineers = await regionEngineers(w.pool, unit.region_id);
    lookups.references.users.push(...(await userReferences(w.pool, engineers)));
  }
  const command = (number: number): RequestCommand => ({
    type: 'RegisterRequest',
    actor: caller.actor,
    id,
    number,
    request,
    engineer_ids: engineers,
    attachments: input.attachments ?? [],
    lookups,
    ...(input.group ? { group: true } : {}),
  });
  // Decide once before taking a number, so an invalid request does not consume one.
  requestDecider.decide(requestDecider.initialState(), command(0), context);
  const number = await allocateRequestNumber(w.pool, yearOf(context.now), id);
  // The id was just allocated: the stream is new, no need to read it first.
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), command(number), context, { expectNew: true });
  return { id, position: r.position, after: { state: r.state, revision: r.revision } };
};

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

const decideAll = (state: RequestState, commands: RequestCommand[], context: CommandContext) => {
  const events: RequestEvent[] = [];
  let next = state;
  for (const c of commands) {
    const decided = requestDecider.decide(next, c, context);
    next = decided.reduce(requestDecider.evolve, next);
    events.push(...decided);
  }
  return { events, next };
};

/**
 * Saves the dialog: the whole submitted request, executors, lists, files and spares. Everything
 * is decided first; the spares sets are then changed (each guards its own stock), and the request
 * events are appended with the revision the decision was made on. If another user saved in
 * between, the spares are put back and the caller gets 409.
 */
export const saveRequest = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  input: SaveInput,
  context: CommandContext,
): Promise<RequestOutcome & { notices: string[] }> => {
  const loaded = await loadVisible(w, caller, id);
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
  const { events, next } = decideAll(state, commands, context);

  // Spares: the request's whole list is replaced; a repair type that takes no spares clears them.
  // Leaving such a type clears them in the same save, so a request whose type took none before
  // and takes none now holds none: no need to ask the read model.
  const current = sparesAllowed(state.repair_type_id) || sparesAllowed(next.repair_type_id) ? await currentSpareLines(w.pool, id) : [];
  let desired: SpareLine[] = input.spares === undefined ? current : parseSpareLines(input.spares);
  if (!sparesAllowed(next.repair_type_id)) desired = [];
  const sparesChanged = !sameSpares(current, desired);
  // Spares are a movement list: chosen in PERFORMING by whoever may edit the movement tab.
  if (sparesChanged && desired.length > 0 && !editableFields(state, caller.actor).has('spares'))
    throw forbidden('Недостаточно прав для изменения ЗИП');
  const unchanged = { state, revision };
  if (events.length === 0 && !sparesChanged) return { id, position: null, notices: [], after: unchanged };

  const spares = sparesChanged ? await replaceRequestSpares(w.store, id, current, desired, context, w.log) : null;
  if (events.length === 0) return { id, position: spares?.position ?? null, notices: [], after: unchanged, sparesChanged };
  try {
    const appended = await w.store.append(requestStreamId(id), toNewEvents(events, context), { expectedRevision: revision });
    return {
      id,
      position: latest(spares?.position ?? null, appended.position),
      notices: noticesOf(state, request, lookups, context),
      after: { state: next, revision: appended.nextRevision },
      sparesChanged,
    };
  } catch (error) {
    await spares?.undo();
    if (error instanceof WrongExpectedRevisionError) throw conflict(STALE_REQUEST);
    throw error;
  }
};

/** Texts the dialog shows after the save (the warranty change notice): the decider's own reactions. */
const noticesOf = (state: RequestState, request: Record<string, unknown>, lookups: RequestLookups, context: CommandContext): string[] =>
  applyFieldReactions(state, { ...dataOf(state), ...request } as RequestData, lookups, context.now).notices;

export type RequestAction = ButtonAction | 'assign';

export const isRequestAction = (a: string): a is RequestAction => a === 'assign' || isButtonAction(a);

/** One button of the transition table: its own command, decided by the machine. */
export const requestAction = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  action: RequestAction,
  body: { revision?: number | null; engineer_ids?: unknown; engineers?: unknown },
  context: CommandContext,
): Promise<RequestOutcome> => {
  const known = await loadVisible(w, caller, id);
  const command: RequestCommand =
    action === 'assign'
      ? await assignCommand(w, caller, ids(body.engineer_ids ?? body.engineers))
      : ({ type: buttonCommands[action], actor: caller.actor } as RequestCommand);
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), command, context, {
    clientRevision: body.revision ?? null,
    unrelated: COMMENT_EVENTS,
    staleMessage: STALE_REQUEST,
    known,
  });
  const after = { state: r.state, revision: r.revision };
  if (action === 'recall') {
    // A recalled request is canceled: its spares go back to stock.
    const current = await currentSpareLines(w.pool, id);
    if (current.length) {
      const spares = await replaceRequestSpares(w.store, id, current, [], context, w.log);
      return { id, position: latest(r.position, spares.position), after, sparesChanged: true };
    }
  }
  return { id, position: r.position, after };
};

/** Changes the number (unique within the request's year); needs RIGHT_REQUEST_EDIT_NUMBER. */
export const changeRequestNumber = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  rawNumber: unknown,
  context: CommandContext,
): Promise<RequestOutcome> => {
  const loaded = await loadVisible(w, caller, id);
  const { state } = loaded;
  if (!hasFull(caller.actor.rights, 'RIGHT_REQUEST_EDIT_NUMBER')) throw forbidden();
  const number = parseOrThrow(requestNumberSchema, rawNumber);
  if (number === state.number) return { id, position: null, after: loaded };
  const year = yearOf(state.request_date_add ?? context.now);
  const unique = await claimRequestNumber(w.pool, year, number, id);
  try {
    const r = await handleCommand(w.store, requestDecider, requestStreamId(id), { type: 'ChangeNumber', actor: caller.actor, number, is_unique: unique }, context, { known: loaded });
    if (state.number != null) await releaseRequestNumber(w.pool, year, state.number, id);
    return { id, position: r.position, after: { state: r.state, revision: r.revision } };
  } catch (error) {
    if (unique) await releaseRequestNumber(w.pool, year, number, id);
    throw error;
  }
};

/** Changes the registration date; the number must stay unique in the new date's year. */
export const changeRequestDate = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  rawDate: unknown,
  context: CommandContext,
): Promise<RequestOutcome> => {
  const loaded = await loadVisible(w, caller, id);
  const { state } = loaded;
  if (!hasFull(caller.actor.rights, 'RIGHT_REQUEST_EDIT_NUMBER')) throw forbidden();
  const date = parseOrThrow(requestDateSchema, rawDate) as string;
  const oldYear = yearOf(state.request_date_add ?? context.now);
  const newYear = yearOf(date);
  const moves = newYear !== oldYear && state.number != null;
  const unique = moves ? await claimRequestNumber(w.pool, newYear, state.number!, id) : true;
  try {
    const r = await handleCommand(w.store, requestDecider, requestStreamId(id), { type: 'ChangeDate', actor: caller.actor, date, is_unique: unique }, context, { known: loaded });
    if (moves && r.events.length) await releaseRequestNumber(w.pool, oldYear, state.number!, id);
    return { id, position: r.position, after: { state: r.state, revision: r.revision } };
  } catch (error) {
    if (moves && unique) await releaseRequestNumber(w.pool, newYear, state.number!, id);
    throw error;
  }
};

export const addRequestComment = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  input: { comment: unknown; files: FileRef[]; notify_user_ids: unknown },
  context: CommandContext,
): Promise<CommandOutcome & { comment: Extract<RequestEvent, { type: 'RequestCommentAdded' }>['data'] | null }> => {
  const known = await loadVisible(w, caller, id);
  const chosen = ids(input.notify_user_ids).filter((u) => u !== caller.actor.userId);
  // Only users who may see the request are notified; others are left out.
  const allowed = chosen.length ? await usersWhoMaySee(w, chosen, known.state.unit_id) : new Set<number>();
  const notify = chosen.filter((u) => allowed.has(u));
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), {
    type: 'AddComment',
    actor: caller.actor,
    comment: typeof input.comment === 'string' ? input.comment : '',
    files: input.files,
    notify_user_ids: notify,
  }, context, { known });
  const added = r.events.find((e) => e.type === 'RequestCommentAdded');
  return { id, position: r.position, comment: added?.type === 'RequestCommentAdded' ? added.data : null };
};

export const deleteRequest = async (w: RequestWriteContext, caller: RequestCaller, id: number, context: CommandContext): Promise<CommandOutcome> => {
  const known = await loadVisible(w, caller, id);
  const { state } = known;
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), { type: 'DeleteRequest', actor: caller.actor }, context, { known });
  const current = await currentSpareLines(w.pool, id);
  if (current.length) await replaceRequestSpares(w.store, id, current, [], context, w.log);
  if (state.number != null)
    await releaseRequestNumber(w.pool, yearOf(state.request_date_add ?? context.now), state.number, id);
  return { id, position: r.position };
};

/**
 * Group creation (RIGHT_MULTIPLE_REQUESTS): one request per chosen unit, with an unknown contact
 * carrying the caller's name and e-mail and the same attachments. Units outside the caller's
 * create scope are refused before anything is written.
 */
export const createRequestGroup = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  input: { units_ids: unknown; request_text: unknown; request_kind_id?: unknown; attachments: FileRef[] },
  context: CommandContext,
): Promise<{ ids: number[]; position: Position | null }> => {
  if (!hasFull(caller.actor.rights, 'RIGHT_MULTIPLE_REQUESTS')) throw forbidden();
  const parsed = parseOrThrow(groupRequestSchema, {
    units_ids: Array.isArray(input.units_ids) ? input.units_ids.map(Number) : [],
    request_text: typeof input.request_text === 'string' ? input.request_text : '',
  });
  const units = [];
  for (const unitId of [...new Set(parsed.units_ids)]) {
    const unit = await unitInfo(w, unitId);
    if (!unit) throw invalid('Объект не найден', { units_ids: 'Укажите объекты' });
    if (!scopeIncludes(caller.createScope, unit.id)) throw forbidden('Нет прав на создание заявок для этого объекта');
    units.push(unit);
  }
  // The unknown contact of each request is the caller, and an unknown contact needs an e-mail.
  if (!caller.actor.email)
    throw invalid('Для создания группы заявок укажите e-mail в своей учетной записи', { units_ids: 'Для создания группы заявок укажите e-mail в своей учетной записи' });
  // 'Задача' unless the dialog chose a kind: the spec's group dialog has no kind field.
  const kind = Number(input.request_kind_id) || 8;
  const created: number[] = [];
  let position: Position | null = null;
  for (const unit of units) {
    const r = await registerRequest(w, caller, {
      request: {
        region_id: unit.region_id,
        unit_id: unit.id,
        request_kind_id: kind,
        request_performer_kind: PerformerKind.FILIAL,
        contact_kind: ContactKind.STRANGER,
        contact_unknown_name: caller.actor.fio ?? '',
        contact_unknown_email: caller.actor.email ?? '',
        request_text: parsed.request_text,
      },
      attachments: input.attachments,
      group: true,
    }, context);
    created.push(r.id);
    position = latest(position, r.position);
  }
  return { ids: created, position };
};

