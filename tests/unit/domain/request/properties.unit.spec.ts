import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ActKind,
  PerformerKind,
  RequestKind,
  RequestStatus,
  availableActions,
  foldRequest,
  isCompleted,
  requestActionNames,
  buttonCommands,
  requestDecider,
  requestEventTypes,
  requestStatusIds,
  type Actor,
  type RequestActionName,
  type RequestCommand,
  type RequestEvent,
  type RequestFields,
  type RequestState,
  type SubmittedRequest,
} from '../../../../domain/request';
import type { RightKey, RightsObject } from '../../../../domain/rights';
import { DomainError } from '../../../../domain/shared/errors';
import { baseFields, ctx, doc } from './fixtures';

const S = RequestStatus;

/**
 * Transitions a completed request may take, by command (requests.md 4.2 and the notes'
 * decisions); any command not listed for a status must leave the status as it is.
 */
const allowedFromCompleted: Record<number, Partial<Record<RequestCommand['type'], readonly number[]>>> = {
  [S.PERFORMED]: { SaveRequest: [S.PERFORMED], Complete: [S.CLOSED], Reexecute: [S.WAITING_ENGINEER] },
  [S.CLOSED]: { SaveRequest: [S.CLOSED, S.PERFORMED], CancelExecution: [S.PERFORMED], HotlineCancelExecution: [S.HOT_LINE_PERFORMING] },
  [S.CANCELED]: {},
  [S.HOT_LINE_PERFORMED]: {
    TakeForPerform: [S.PERFORMING],
    HotlineReexecute: [S.HOT_LINE_WAITING],
    HotlineCancelExecution: [S.HOT_LINE_PERFORMING],
    HotlineFulfil: [S.CLOSED],
  },
};
const allowedTargets = (from: number, command: string): readonly number[] => [
  from,
  ...((allowedFromCompleted[from] as Record<string, readonly number[]> | undefined)?.[command] ?? []),
];

const rightKeys: RightKey[] = [
  'RIGHT_REQUEST_EDIT',
  'RIGHT_REQUEST_ENGINEER',
  'RIGHT_REQUEST_HOTLINE_EDIT',
  'RIGHT_HOTLINE_EDIT',
  'RIGHT_REQUEST_DELETE',
  'RIGHT_REQUEST_RESUME',
  'RIGHT_REQUEST_DOCS_DELETE',
];

const withRights = (userId: number, keys: readonly RightKey[]): Actor => ({
  userId,
  rights: Object.fromEntries(keys.map((k) => [k, 2])) as RightsObject,
});

/** Typical users (so runs get far) mixed with users of random rights. */
const actorArb: fc.Arbitrary<Actor> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      withRights(2, ['RIGHT_REQUEST_EDIT', 'RIGHT_REQUEST_ENGINEER', 'RIGHT_HOTLINE_EDIT']),
      withRights(3, ['RIGHT_REQUEST_HOTLINE_EDIT']),
      withRights(4, ['RIGHT_REQUEST_HOTLINE_EDIT', 'RIGHT_REQUEST_DELETE']),
      withRights(1, ['RIGHT_REQUEST_EDIT', 'RIGHT_REQUEST_RESUME', 'RIGHT_REQUEST_DOCS_DELETE']),
      withRights(1, rightKeys),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ userId: fc.integer({ min: 1, max: 4 }), keys: fc.subarray(rightKeys) })
      .map(({ userId, keys }) => withRights(userId, keys)),
  },
);

const kinds = [
  RequestKind.COMMON_SOFTWARE,
  RequestKind.REPAIR_HARD,
  RequestKind.COMMISSIONING,
  RequestKind.SPECIAL_SOFTWARE,
  RequestKind.LEARNING,
  RequestKind.RESTORE,
  RequestKind.TASK,
  RequestKind.MISTAKE,
  RequestKind.REVOKE,
  RequestKind.CONSULTATION,
  RequestKind.PROPOSAL,
];

/** Pieces of a save; a save takes a random few of them. */
const saveChange: fc.Arbitrary<Partial<RequestFields>> = fc.oneof(
  fc.constant<Partial<RequestFields>>({ result: 'fulfilled', note: 'Работы выполнены', hotlinegas_number: 'ГЛ-1' }),
  fc.constant<Partial<RequestFields>>({ hotline_result_id: 1, view_res_before: 1, view_res_after: 1, comment_after: 'Исправно' }),
  fc.record({ request_text: fc.constantFrom('Не работает принтер', 'abc', 'Сбой специального ПО') }),
  fc.record({
    request_kind_id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...kinds.filter((k) => k < 9 || k > 10)) }, { weight: 1, arbitrary: fc.constantFrom(9, 10) }),
    program_id: fc.constantFrom(5, null),
  }),
  fc.record({ result: fc.constantFrom('fulfilled', 'partially', 'not fulfilled', 'passed to hot line', null), note: fc.constantFrom('Готово', 'ab', null) }),
  fc.record({ hotline_result_id: fc.constantFrom(1, 2, 3, null) }),
  fc.record({ hotlinegas_number: fc.constantFrom('ГЛ-1', null) }),
  fc.record({ view_res_before: fc.constantFrom(1, 2, 3, null), view_res_after: fc.constantFrom(1, null), comment_after: fc.constantFrom('Исправно', null) }),
  fc.record({ repair_type_id: fc.integer({ min: 1, max: 8 }), repair_kind_id: fc.constantFrom(1, 2, 3) }),
  fc.record({ tool_id: fc.constantFrom(7, 8), unit_id: fc.constantFrom(10, 11), contact_id: fc.constantFrom(100, 101) }),
  fc.record({ request_status_id: fc.constantFrom(...requestStatusIds) }),
);

type Step =
  | { kind: 'button'; action: Exclude<RequestActionName, 'save' | 'assign'>; actor: Actor }
  /** Presses one of the buttons the client would show this actor now (follows the UI). */
  | { kind: 'offered'; pick: number; actor: Actor }
  | { kind: 'assign'; actor: Actor; engineer_ids: number[] }
  | { kind: 'save'; actor: Actor; changes: Partial<RequestFields>[]; act: (typeof ActKind)[keyof typeof ActKind] | null; removeDoc: boolean };

const buttonActions = requestActionNames.filter((a): a is Exclude<RequestActionName, 'save' | 'assign'> => a !== 'save' && a !== 'assign');

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('button' as const),
      action: fc.constantFrom(...buttonActions.filter((a) => a !== 'recall')),
      actor: actorArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('button' as const), action: fc.constant('recall' as const), actor: actorArb }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('offered' as const), pick: fc.nat(), actor: actorArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('assign' as const), actor: actorArb, engineer_ids: fc.subarray([1, 2, 3, 4]) }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      actor: actorArb,
      changes: fc.array(saveChange, { maxLength: 3 }),
      act: fc.option(fc.constantFrom(ActKind.CO_3, ActKind.CO_3, ActKind.CO_8, ActKind.CO_7, ActKind.CO_13, ActKind.LEARNING, ActKind.CO_41), {
        freq: 2,
      }),
      removeDoc: fc.boolean(),
    }),
  },
);

const scenarioArb = fc.record({
  performer: fc.constantFrom(PerformerKind.FILIAL, PerformerKind.SENIOR),
  kind: fc.constantFrom(...kinds),
  steps: fc.array(fc.record({ step: stepArb, hoursLater: fc.integer({ min: 0, max: 40 }) }), { maxLength: 40, size: 'large' }),
});

const button: Record<(typeof buttonActions)[number], RequestCommand['type']> = buttonCommands;

let docCounter = 0;
const toCommand = (state: RequestState, step: Step, now: string): RequestCommand => {
  switch (step.kind) {
    case 'offered': {
      const offered = [...availableActions(state, step.actor, now)].filter((a) => a !== 'save' && a !== 'recall' && a !== 'assign');
      const action = offered.length ? offered[step.pick % offered.length] : undefined;
      return action ? probeCommand(state, action, step.actor) : { type: 'SaveRequest', actor: step.actor, request: {} };
    }
    case 'button':
      return { type: button[step.action], actor: step.actor } as RequestCommand;
    case 'assign':
      return { type: 'AssignEngineers', actor: step.actor, engineer_ids: step.engineer_ids };
    case 'save': {
      const request: SubmittedRequest = Object.assign({}, ...step.changes);
      const first = state.documents[0];
      return {
        type: 'SaveRequest',
        actor: step.actor,
        request,
        documents_added: step.act ? [doc(step.act, `gen-${++docCounter}`)] : [],
        documents_removed: step.removeDoc && first ? [first.file_id] : [],
        lookups: { tool: { id: Number(request.tool_id ?? 7), guaranty_dt: '2026-06-01' }, regional_service_centre_id: 9 },
      };
    }
  }
};

/** The command that asks for one action as availableActions probes it. */
const probeCommand = (state: RequestState, action: RequestActionName, actor: Actor): RequestCommand => {
  if (action === 'save') return { type: 'SaveRequest', actor, request: {} };
  if (action === 'assign') return { type: 'AssignEngineers', actor, engineer_ids: state.engineers };
  return { type: button[action], actor } as RequestCommand;
};

const isTransitionRefusal = (e: unknown) => e instanceof DomainError && (e.kind === 'refused' || e.kind === 'forbidden');

interface Run {
  events: RequestEvent[];
  live: RequestState;
  transitions: { from: number; to: number; command: string }[];
  checks: { state: RequestState; actor: Actor; now: string }[];
}

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

const run = (scenario: Scenario): Run => {
  const creator: Actor = { userId: 1, rights: { RIGHT_REQUEST_CREATE: 4 } };
  const { id: _i, number: _n, request_date_add: _d, request_status_id: _s, ...fields } = baseFields();
  let time = Date.parse('2026-03-01T08:00:00.000Z');
  const events = requestDecider.decide(
    requestDecider.initialState(),
    {
      type: 'RegisterRequest',
      actor: creator,
      id: 1,
      number: 1,
      request: { ...fields, request_performer_kind: scenario.performer, request_kind_id: scenario.kind, learning_type_id: 1 },
    },
    ctx(new Date(time).toISOString()),
  );
  let live = events.reduce(requestDecider.evolve, requestDecider.initialState());
  const transitions: Run['transitions'] = [];
  const checks: Run['checks'] = [];
  for (const { step, hoursLater } of scenario.steps) {
    time += hoursLater * 3_600_000;
    const now = new Date(time).toISOString();
    checks.push({ state: live, actor: step.actor, now });
    const command = toCommand(live, step, now);
    try {
      const emitted = requestDecider.decide(live, command, ctx(now));
      const from = live.request_status_id;
      live = emitted.reduce(requestDecider.evolve, live);
      events.push(...emitted);
      transitions.push({ from, to: live.request_status_id, command: command.type });
    } catch (e) {
      expect(e, String(e)).toBeInstanceOf(DomainError);
    }
  }
  return { events, live, transitions, checks };
};

const runs = { numRuns: 250 };

describe('request lifecycle properties (random actors, rights, saves, buttons, times)', () => {
  it('no sequence reaches a status outside the defined set', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { transitions, live } = run(scenario);
        for (const t of transitions) {
          expect(requestStatusIds).toContain(t.to);
          expect(t.to).not.toBe(S.UNDEFINED);
        }
        expect(requestStatusIds).toContain(live.request_status_id);
      }),
      runs,
    );
  });

  it('a completed request accepts only the transitions the spec allows', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        for (const t of run(scenario).transitions)
          if (isCompleted(t.from)) expect(allowedTargets(t.from, t.command), `${t.command}: ${t.from} -> ${t.to}`).toContain(t.to);
      }),
      runs,
    );
  });

  it('replaying the emitted events (as stored JSON) gives the live state', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { events, live } = run(scenario);
        for (const e of events) expect(requestEventTypes).toContain(e.type);
        const stored = JSON.parse(JSON.stringify(events)) as RequestEvent[];
        expect(foldRequest(stored)).toEqual(live);
      }),
      runs,
    );
  });

  it('availableActions agrees with decide: listed iff decide does not refuse the action', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        for (const { state, actor, now } of run(scenario).checks.slice(0, 12)) {
          const available = availableActions(state, actor, now);
          for (const action of requestActionNames) {
            let refusal: unknown = null;
            try {
              requestDecider.decide(state, probeCommand(state, action, actor), ctx(now));
            } catch (e) {
              refusal = e;
            }
            if (refusal) expect(isTransitionRefusal(refusal), String(refusal)).toBe(true);
            expect(available.has(action), `${action} in status ${state.request_status_id}: ${String(refusal)}`).toBe(refusal === null);
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('the random runs do reach the interesting statuses and leave completed ones', () => {
    const seen = new Set<number>();
    const moves = new Set<string>();
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        for (const t of run(scenario).transitions) {
          seen.add(t.to);
          if (isCompleted(t.from) && t.from !== t.to) moves.add(`${t.from}->${t.to}`);
        }
      }),
      { numRuns: 400, seed: 20260310 },
    );
    for (const status of [S.WAITING_ENGINEER, S.PERFORMING, S.PERFORMED, S.CLOSED, S.CANCELED, S.HOT_LINE_WAITING, S.HOT_LINE_PERFORMING, S.HOT_LINE_PERFORMED])
      expect(seen, `status ${status}`).toContain(status);
    for (const move of ['4->7', '4->2', '11->3', '11->9', '11->10']) expect(moves).toContain(move);
  });
});
