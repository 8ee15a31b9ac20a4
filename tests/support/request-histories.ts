import {
  matchingActKind,
  requestDecider,
  type Actor,
  type RequestCommand,
  type RequestDocument,
  type RequestEvent,
  type RequestFields,
  type SaveRequest,
} from '../../domain/request';
import { historyOf, testContext } from './given-when-then';

/**
 * Request histories built by the request decider itself: a request registered and walked through
 * the commands a branch really sends, so a test starts from a state the decider reaches (not a
 * status planted in RequestRegistered).
 */

/** A branch employee who registers, takes, performs and approves (user 1 unless given). */
const clerk = (userId = 1): Actor => ({
  userId,
  fio: 'Иванов И. И.',
  rights: { RIGHT_REQUEST_CREATE: 4, RIGHT_REQUEST_EDIT: 2, RIGHT_REQUEST_ENGINEER: 2, RIGHT_HOTLINE_EDIT: 2 },
});

/** An act document as the dialog attaches it (one shape for the unit fixtures and these histories). */
export const doc = (act_kind: RequestDocument['act_kind'], file_id = `doc-${act_kind ?? 'x'}`): RequestDocument => ({
  file_id,
  file_name: `${file_id}.docx`,
  mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 1000,
  checksum: 'abc',
  act_kind,
  sign_type: 'electron',
  signers_count: 2,
});

export type RequestStage = 'registered' | 'performing' | 'performed' | 'closed' | HotlineStage;
/** Stages of a special software request the branch passed to the hot line (SENIOR). */
export type HotlineStage = 'hotline-waiting' | 'hotline-performing' | 'hotline-performed' | 'hotline-closed';
const hotlineStages: readonly RequestStage[] = ['hotline-waiting', 'hotline-performing', 'hotline-performed', 'hotline-closed'];

export interface RequestPath {
  /** The request as registered (id, number and the fields of the common tab). */
  readonly request: Partial<RequestFields>;
  readonly stage: RequestStage;
  /** Executors chosen on registration. */
  readonly engineers?: number[];
  /** Who takes it for perform (default: user 2, an engineer who joins the executors). */
  readonly engineer?: number;
  /** Fields the engineer saves to perform it (with the kind's act, when it has one). */
  readonly result?: Partial<RequestFields>;
  /** Lists the engineer saves with `result` (the tools a commissioning puts in work, the works done). */
  readonly resultLists?: Pick<SaveRequest, 'tools_commissioning' | 'works'>;
  /** The day it is performed (the result date follows it); default 2026-03-05. */
  readonly performedOn?: string;
  /** Fields an editor saves once it is performed (or closed). */
  readonly afterwards?: Partial<RequestFields>;
  /** Hot line stages: executors the hot line manager assigns while it waits for the hot line. */
  readonly hotlineEngineers?: number[];
}

/** The hot line worker (user 4) and its manager (user 5). */
const hotliner: Actor = { userId: 4, fio: 'Сидоров С. С.', rights: { RIGHT_REQUEST_HOTLINE_EDIT: 2 } };
const hotlineManager: Actor = { userId: 5, fio: 'Кузнецов К. К.', rights: { RIGHT_REQUEST_HOTLINE_EDIT: 2, RIGHT_REQUEST_DELETE: 2 } };

/** The commands of a path, each with the time it runs at. */
const stepsOf = (path: RequestPath): Array<{ command: RequestCommand; now: string }> => {
  const { id, number, request_date_add: _d, request_status_id: _s, ...fields } = path.request;
  const allocated = { id: id ?? 1, number: number ?? 1 };
  const performedOn = path.performedOn ?? '2026-03-05';
  const steps: Array<{ command: RequestCommand; now: string }> = [
    { command: { type: 'RegisterRequest', actor: clerk(), ...allocated, request: fields, engineer_ids: path.engineers ?? [] }, now: '2026-03-01T08:00:00.000Z' },
  ];
  if (path.stage === 'registered') return steps;
  const engineer = clerk(path.engineer ?? 2);
  steps.push({ command: { type: 'TakeForPerform', actor: engineer }, now: `${performedOn}T08:00:00.000Z` });
  if (hotlineStages.includes(path.stage)) return [...steps, ...hotlineSteps(path, engineer, performedOn)];
  if (path.stage === 'performing') {
    if (path.result) steps.push({ command: { type: 'SaveRequest', actor: engineer, request: path.result, ...path.resultLists }, now: `${performedOn}T09:00:00.000Z` });
    return steps;
  }
  const act = matchingActKind({ view_res_before: null, ...fields, ...path.result } as RequestFields);
  steps.push({
    // An act needs the hot line number (requests.md 4.2), so a performed request has one.
    command: {
      type: 'SaveRequest',
      actor: engineer,
      request: { result: 'fulfilled', note: 'Выполнено', hotlinegas_number: 'ГЛ-1', ...path.result },
      ...path.resultLists,
      documents_added: act ? [doc(act)] : [],
    },
    now: `${performedOn}T09:00:00.000Z`,
  });
  if (path.stage === 'closed') steps.push({ command: { type: 'Complete', actor: clerk() }, now: `${performedOn}T10:00:00.000Z` });
  if (path.afterwards) steps.push({ command: { type: 'SaveRequest', actor: clerk(), request: path.afterwards }, now: `${performedOn}T11:00:00.000Z` });
  return steps;
};

/** The events the decider emits along the path. */
export const requestHistory = (path: RequestPath): RequestEvent[] => {
  const steps = stepsOf(path);
  return historyOf(
    requestDecider,
    steps.map((s) => s.command),
    { context: (i) => testContext({ now: steps[i]!.now }) },
  );
};

/**
 * The branch passes the special software request to the hot line; the hot line takes it, saves
 * `result` while performing it, records a fulfilled hot line result, and its manager closes it.
 */
const hotlineSteps = (path: RequestPath, engineer: Actor, day: string): Array<{ command: RequestCommand; now: string }> => {
  const at = (time: string) => `${day}T${time}:00.000Z`;
  const steps: Array<{ command: RequestCommand; now: string }> = [
    { command: { type: 'SaveRequest', actor: engineer, request: { result: 'passed to hot line', result_type: 1, note: 'Передано на ГЛ' } }, now: at('08:10') },
  ];
  if (path.hotlineEngineers)
    steps.push({ command: { type: 'AssignEngineers', actor: hotlineManager, engineer_ids: path.hotlineEngineers }, now: at('08:20') });
  if (path.stage === 'hotline-waiting') return steps;
  steps.push({ command: { type: 'HotlineTake', actor: hotliner }, now: at('08:30') });
  if (path.result) steps.push({ command: { type: 'SaveRequest', actor: hotliner, request: path.result }, now: at('08:40') });
  if (path.stage === 'hotline-performing') return steps;
  steps.push({ command: { type: 'SaveRequest', actor: hotliner, request: { hotline_result_id: 1 } }, now: at('08:50') });
  if (path.stage === 'hotline-closed') steps.push({ command: { type: 'HotlineFulfil', actor: hotlineManager }, now: at('08:55') });
  return steps;
};
