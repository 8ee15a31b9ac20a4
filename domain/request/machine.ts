import { and, not, setup, type SnapshotFrom } from 'xstate';
import { allRights, hasFull, hasOwnOrAll } from '../rights';
import { actMessages } from './acts';
import { HotlineResult, PerformerKind, RequestKind, RequestStatus, isRequestStatus, requestStatusIds, statusName, statusTitle } from './enums';
import type { RequestStatusName } from './enums';
import {
  RESUME_DAYS,
  canApprove,
  canEdit,
  canEditToTake,
  canManageHotline,
  hasHotlineNumber,
  isAssignedEngineer,
  mayAssignExecutors,
  isCanceledKind,
  isSpecialSoftwarePassedToHotLine,
  readyToPerform,
  withinResumePeriod,
} from './rules';
import { grant, grantedItems, unknownStatusGrants, type EditGrant, type RequestStateMeta } from './editability';
import type { EditableItem } from './rules';
import { initialRequestState, type Actor, type RequestData, type RequestState } from './state';

import { requestActionNames, requestActionTitles, type RequestActionName } from './actions';

export { requestActionNames, requestActionTitles, type RequestActionName };

interface Probe {
  actor: Actor;
  /** ISO timestamp of the command. */
  now: string;
}
export type RequestMachineEvent =
  | ({ type: 'register'; next: RequestData } & Probe)
  | ({ type: 'save'; next: RequestData; changed: boolean } & Probe)
  | ({ type: 'assign'; engineer_ids: number[] } & Probe)
  | ({ type: Exclude<RequestActionName, 'save' | 'assign'> } & Probe);

/** What an accepted transition does; the decider maps each to events. */
export type RequestEffect =
  | 'register'
  | 'take'
  | 'close'
  | 'reexecute'
  | 'cancelExecution'
  | 'perform'
  | 'moveToHotLine'
  | 'hotlineTake'
  | 'hotlineFulfil'
  | 'hotlinePerform'
  | 'hotlineReexecute'
  | 'hotlineCancelExecution'
  | 'cancel'
  | 'recall'
  | 'assign'
  | 'saveFields';

export interface Refusal {
  kind: 'refused' | 'forbidden';
  message: string;
}

export const machineMessages = {
  noEdit: 'Недостаточно прав для редактирования заявки',
  noCreate: 'Недостаточно прав для создания заявки',
  takeNotAssigned:
    'Принять заявку к исполнению может только назначенный исполнитель или пользователь с правом принятия заявок без назначения',
  noApprove: 'Недостаточно прав для согласования исполнения заявки',
  noResume: 'Недостаточно прав для отмены исполнения закрытой заявки',
  resumeExpired: `Отменить исполнение можно только в течение ${RESUME_DAYS} дней с даты исполнения`,
  noHotlineManage: 'Недостаточно прав для управления заявками ГЛ',
  alreadyRevoked: 'Заявка уже отозвана',
  alreadyRegistered: 'Заявка уже зарегистрирована',
  closeNoHotlineNumber: actMessages.closeNoHotlineNumber,
  unavailable: (action: RequestActionName | 'register', status: number) =>
    `Действие «${requestActionTitles[action]}» недоступно для заявки в статусе «${statusTitle(status)}»`,
} as const;

interface MachineContext {
  request: RequestState;
}

/** The request the event would leave (save, register) or the stored one. */
const nextOf = (context: MachineContext, event: RequestMachineEvent): RequestData =>
  event.type === 'save' || event.type === 'register' ? event.next : context.request;

const effect = (name: RequestEffect) => ({ type: 'effect' as const, params: { name } });
const refuse = (kind: Refusal['kind'], message: string) => ({ type: 'refuse' as const, params: { kind, message } });
const unavailable = (action: RequestActionName) => ({
  type: 'refuse' as const,
  params: ({ context }: { context: MachineContext }): Refusal => ({
    kind: 'refused',
    message: machineMessages.unavailable(action, context.request.request_status_id),
  }),
});

/**
 * The request lifecycle: every status of requests.md 3 and every row of the transition table
 * of 4.2, with its conditions as guards. Allowed transitions carry an `effect` action; refused
 * ones a `refuse` action with the Russian reason, so the same machine answers both "may I?"
 * and "why not?". It is used purely (see evaluateRequestCommand): no actor is ever started.
 */
export const requestMachine = setup({
  types: {
    context: {} as MachineContext,
    events: {} as RequestMachineEvent,
  },
  guards: {
    canCreate: ({ event }) => hasOwnOrAll(event.actor.rights, 'RIGHT_REQUEST_CREATE'),
    canEdit: ({ context, event }) => canEdit(context.request, event.actor.rights),
    canEditToTake: ({ context, event }) => canEditToTake(context.request, event.actor.rights),
    maySave: ({ context, event }) => editableFields(context.request, event.actor).size > 0,
    engineerOrAssigned: ({ context, event }) =>
      hasFull(event.actor.rights, 'RIGHT_REQUEST_ENGINEER') || isAssignedEngineer(context.request, event.actor.userId),
    canApprove: ({ context, event }) => canApprove(context.request, event.actor.rights),
    canAssign: ({ context, event }) => mayAssignExecutors(context.request, event.actor.rights),
    canManageHotline: ({ event }) => canManageHotline(event.actor.rights),
    canResume: ({ event }) => hasFull(event.actor.rights, 'RIGHT_REQUEST_RESUME'),
    withinResumePeriod: ({ context, event }) => withinResumePeriod(context.request, event.now),
    hasHotlineNumber: ({ context }) => hasHotlineNumber(context.request),
    isFilial: ({ context }) => context.request.request_performer_kind === PerformerKind.FILIAL,
    isSenior: ({ context }) => context.request.request_performer_kind === PerformerKind.SENIOR,
    isRevoked: ({ context }) => context.request.request_kind_id === RequestKind.REVOKE,
    assignsSomeone: ({ event }) => event.type === 'assign' && event.engineer_ids.length > 0,
    changed: ({ event }) => event.type === 'save' && event.changed,
    nextCanceledKind: ({ context, event }) => isCanceledKind(nextOf(context, event).request_kind_id),
    nextSenior: ({ context, event }) => nextOf(context, event).request_performer_kind === PerformerKind.SENIOR,
    nextPassedToHotLine: ({ context, event }) => isSpecialSoftwarePassedToHotLine(nextOf(context, event)),
    nextReadyToPerform: ({ context, event }) => readyToPerform(nextOf(context, event)),
    nextHotlineFulfilled: ({ context, event }) => nextOf(context, event).hotline_result_id === HotlineResult.FULFILLED,
  },
  actions: {
    effect: (_, _params: { name: RequestEffect }) => {},
    refuse: (_, _params: Refusal) => {},
  },
}).createMachine(
  (() => {
    const take = [
      { guard: not('canEditToTake'), actions: refuse('forbidden', machineMessages.noEdit) },
      { guard: 'engineerOrAssigned', target: 'PERFORMING', actions: effect('take') },
      { actions: refuse('forbidden', machineMessages.takeNotAssigned) },
    ] as const;
    const recall = [
      { guard: not('canEdit'), actions: refuse('forbidden', machineMessages.noEdit) },
      { guard: 'isRevoked', actions: refuse('refused', machineMessages.alreadyRevoked) },
      { target: 'CANCELED', actions: effect('recall') },
    ] as const;
    const assignRefused = {
      guard: not('canAssign'),
      actions: {
        type: 'refuse',
        params: ({ context }: { context: MachineContext }): Refusal => ({
          kind: 'forbidden',
          message:
            context.request.request_performer_kind === PerformerKind.SENIOR ? machineMessages.noHotlineManage : machineMessages.noApprove,
        }),
      },
    } as const;
    const assigned = { actions: effect('assign') } as const;
    const assign = [assignRefused, assigned] as const;
    const noRights = { guard: not('maySave'), actions: refuse('forbidden', machineMessages.noEdit) } as const;
    const saveFields = { actions: effect('saveFields') } as const;
    const cancelByKind = { guard: 'nextCanceledKind', target: 'CANCELED', actions: effect('cancel') } as const;
    const manage = { guard: not('canManageHotline'), actions: refuse('forbidden', machineMessages.noHotlineManage) } as const;
    const hotlineFulfil = [manage, { target: 'CLOSED', actions: effect('hotlineFulfil') }] as const;
    const hotlineReexecute = [manage, { target: 'HOT_LINE_WAITING', actions: effect('hotlineReexecute') }] as const;
    const hotlineCancel = [manage, { target: 'HOT_LINE_PERFORMING', actions: effect('hotlineCancelExecution') }] as const;

    const g = grant;
    const editable = (...grants: EditGrant[]): RequestStateMeta => ({ editable: grants });
    return {
      id: 'request',
      initial: 'UNDEFINED',
      context: { request: initialRequestState() },
      // Any command a status does not handle is refused with the generic reason.
      on: {
        register: { actions: refuse('refused', machineMessages.alreadyRegistered) },
        ...Object.fromEntries(requestActionNames.map((a) => [a, { actions: unavailable(a) }])),
      },
      states: {
        UNDEFINED: {
          meta: editable(g.newRequest, g.hotlineNumber, g.removeDocuments),
          on: {
            register: [
              { guard: not('canCreate'), actions: refuse('forbidden', machineMessages.noCreate) },
              { guard: 'nextCanceledKind', target: 'CANCELED', actions: effect('register') },
              { guard: 'nextSenior', target: 'HOT_LINE_WAITING', actions: effect('register') },
              { target: 'WAITING_ENGINEER', actions: effect('register') },
            ],
          },
        },
        WAITING_ASSIGNMENT: {
          meta: editable(g.commonTab, g.attachments, g.hotlineNumber, g.removeDocuments),
          on: {
            assign: [assignRefused, { guard: 'assignsSomeone', target: 'WAITING_ENGINEER', actions: effect('assign') }, assigned],
            recall,
            save: [noRights, cancelByKind, saveFields],
          },
        },
        WAITING_ENGINEER: {
          meta: editable(g.commonTab, g.attachments, g.hotlineNumber, g.removeDocuments),
          on: { take, assign, recall, save: [noRights, cancelByKind, saveFields] },
        },
        PERFORMING: {
          meta: editable(g.movementTab, g.hotlineNumber, g.removeDocuments),
          on: {
            assign,
            recall,
            save: [
              noRights,
              { guard: 'nextPassedToHotLine', target: 'HOT_LINE_WAITING', actions: effect('moveToHotLine') },
              cancelByKind,
              { guard: 'nextReadyToPerform', target: 'PERFORMED', actions: effect('perform') },
              saveFields,
            ],
          },
        },
        PERFORMED: {
          meta: editable(g.hotlineNumber, g.removeDocuments),
          on: {
            complete: [
              { guard: not('canApprove'), actions: refuse('forbidden', machineMessages.noApprove) },
              { guard: not('hasHotlineNumber'), actions: refuse('refused', machineMessages.closeNoHotlineNumber) },
              { target: 'CLOSED', actions: effect('close') },
            ],
            reexecute: [
              { guard: not('canApprove'), actions: refuse('forbidden', machineMessages.noApprove) },
              { target: 'WAITING_ENGINEER', actions: effect('reexecute') },
            ],
            save: [noRights, { guard: 'nextReadyToPerform', actions: effect('perform') }, saveFields],
          },
        },
        CLOSED: {
          meta: editable(g.hotlineNumber),
          on: {
            'cancel-execution': [
              { guard: not('isFilial'), actions: unavailable('cancel-execution') },
              { guard: not('canResume'), actions: refuse('forbidden', machineMessages.noResume) },
              { guard: not('withinResumePeriod'), actions: refuse('refused', machineMessages.resumeExpired) },
              { target: 'PERFORMED', actions: effect('cancelExecution') },
            ],
            'hotline-cancel-execution': [
              { guard: not('isSenior'), actions: unavailable('hotline-cancel-execution') },
              ...hotlineCancel,
            ],
            // A closed request whose data a save changes needs 'Заявка выполнена' again.
            save: [noRights, { guard: and(['changed', 'nextReadyToPerform']), target: 'PERFORMED', actions: effect('perform') }, saveFields],
          },
        },
        CANCELED: {
          meta: editable(),
          on: { save: [noRights, saveFields] },
        },
        HOT_LINE_WAITING: {
          meta: editable(g.commonTab, g.hotlineTab, g.declarantMessage, g.hotlineNumber, g.removeDocuments),
          on: {
            'hotline-take': [
              { guard: not('canEdit'), actions: refuse('forbidden', machineMessages.noEdit) },
              { target: 'HOT_LINE_PERFORMING', actions: effect('hotlineTake') },
            ],
            assign,
            recall,
            save: [noRights, cancelByKind, saveFields],
          },
        },
        HOT_LINE_PERFORMING: {
          meta: editable(g.hotlineTab, g.declarantMessage, g.hotlineNumber, g.removeDocuments),
          on: {
            'hotline-fulfil': hotlineFulfil,
            'hotline-reexecute': hotlineReexecute,
            assign,
            recall,
            save: [
              noRights,
              { guard: 'nextHotlineFulfilled', target: 'HOT_LINE_PERFORMED', actions: effect('hotlinePerform') },
              saveFields,
            ],
          },
        },
        HOT_LINE_PERFORMED: {
          meta: editable(g.declarantMessage, g.hotlineNumber, g.removeDocuments),
          on: {
            take,
            'hotline-fulfil': hotlineFulfil,
            'hotline-reexecute': hotlineReexecute,
            'hotline-cancel-execution': hotlineCancel,
            save: [noRights, saveFields],
          },
        },
      },
    };
  })(),
);

/** Each status's grants, read once from the meta of its state. */
const grantsByStatus = new Map<number, readonly EditGrant[]>(
  requestStatusIds.map((id) => [id, (requestMachine.states[statusName(id)]?.meta as RequestStateMeta | undefined)?.editable ?? unknownStatusGrants]),
);

/** The grants of the state a request is in: its status's (a new request: the initial state's). */
const grantsOf = (state: RequestState): readonly EditGrant[] =>
  grantsByStatus.get(state.registered ? state.request_status_id : RequestStatus.UNDEFINED) ?? unknownStatusGrants;

/**
 * Which fields and lists the actor may change in a save of this request now (4.1): the grants of
 * its state's `meta.editable` whose conditions hold. A new (unregistered) request offers the common
 * tab, the performer kind and attachments.
 */
export const editableFields = (state: RequestState, actor: Pick<Actor, 'rights'>): ReadonlySet<EditableItem> =>
  state.deleted ? new Set<EditableItem>() : grantedItems(grantsOf(state), state, actor.rights);

/** True when the item is editable in this status for a user holding every right. */
export const editableInStatus = (state: RequestState, item: EditableItem): boolean =>
  editableFields(state, { rights: allRights() }).has(item);

export interface Evaluation {
  /** Set when the machine refuses the command, with the Russian reason. */
  refusal: Refusal | null;
  /** The effects of the accepted transition (empty when refused). */
  effects: RequestEffect[];
  /** The status after the transition. */
  status: number;
}

type RequestSnapshot = SnapshotFrom<typeof requestMachine>;
/** An action of a transition as the machine's config declares it (params: a value or a function of the context). */
interface MachineAction {
  readonly type: string;
  readonly params?: unknown;
}

/**
 * The snapshot of each status, resolved once (its state nodes); a command's snapshot is this one with
 * the request as its context. The machine's snapshots hold no other per-request data.
 */
const snapshotsByStatus = new Map<number, RequestSnapshot>();
const snapshotOfStatus = (status: RequestStatus): RequestSnapshot => {
  let snapshot = snapshotsByStatus.get(status);
  if (!snapshot) {
    snapshot = requestMachine.resolveState({ value: statusName(status), context: { request: initialRequestState() } });
    snapshotsByStatus.set(status, snapshot);
  }
  return snapshot;
};

/**
 * Asks the machine about one command for a request: rebuilds the snapshot from the state
 * (status -> state value, the request -> context) and takes one pure transition.
 */
export const evaluateRequestCommand = (state: RequestState, event: RequestMachineEvent): Evaluation => {
  const status = state.request_status_id;
  const unavailable = (): Evaluation => ({
    refusal: { kind: 'refused', message: machineMessages.unavailable(event.type, status) },
    effects: [],
    status,
  });
  if (!isRequestStatus(status)) return unavailable();
  const context: MachineContext = { request: state };
  const snapshot: RequestSnapshot = { ...snapshotOfStatus(status), context };
  // The transition the machine takes (its guards decided), without taking it: the machine's states
  // have no entry, exit or eventless transitions, so the transition's own actions and target are
  // all a macrostep would do, at a fraction of the cost (docs/notes/bench.md: ~14 probes per answer).
  const [taken] = requestMachine.getTransitionData(snapshot, event);
  const actions = ((taken?.actions ?? []) as readonly MachineAction[]).map((a) => ({
    type: a.type,
    params: typeof a.params === 'function' ? a.params({ context, event }) : a.params,
  }));
  const refusalAction = actions.find((a) => a.type === 'refuse');
  if (refusalAction) return { refusal: refusalAction.params as Refusal, effects: [], status };
  const effects = actions.filter((a) => a.type === 'effect').map((a) => (a.params as { name: RequestEffect }).name);
  // Every accepted transition names its effect; none means no transition was taken.
  if (effects.length === 0) return unavailable();
  const target = taken?.target?.[0]?.key;
  return { refusal: null, effects, status: target ? RequestStatus[target as RequestStatusName] : status };
};

/** The probe event of a button (and of an unchanged save) for availableActions. */
export const probeEvent = (state: RequestState, action: RequestActionName, actor: Actor, now: string): RequestMachineEvent => {
  switch (action) {
    case 'save':
      // The state itself as the unchanged data (the guards only read it): no copy of ~80 fields per probe.
      return { type: 'save', actor, now, next: state, changed: false };
    case 'assign':
      return { type: 'assign', actor, now, engineer_ids: state.engineers };
    default:
      return { type: action, actor, now };
  }
};

/**
 * The commands the server accepts now for this actor: the client shows only these buttons.
 * Asks the same machine the decider asks.
 */
export const availableActions = (state: RequestState, actor: Actor, now: string): Set<RequestActionName> => {
  const out = new Set<RequestActionName>();
  if (!state.registered || state.deleted) return out;
  for (const action of requestActionNames)
    if (evaluateRequestCommand(state, probeEvent(state, action, actor, now)).refusal === null) out.add(action);
  return out;
};
