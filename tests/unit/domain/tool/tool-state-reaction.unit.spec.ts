import { describe, expect, it } from 'vitest';
import { toolStateReaction } from '../../../../commands/request/tool-state-reaction';
import type { WriteContext } from '../../../../commands/context';
import { RequestKind, RepairResult, InspectionBefore } from '../../../../domain/request/enums';
import { requestStreamId } from '../../../../domain/request/events';
import { toolDecider } from '../../../../domain/tool/decider';
import { toolStreamId, type ToolEvent } from '../../../../domain/tool/events';
import { ToolState } from '../../../../domain/tool/states';
import { AccessLevel } from '../../../../domain/rights/values';
import type { AppendOptions, EventStore, NewEvent, StoredEvent } from '../../../../infrastructure/eventstore/port';
import type { Logger } from '../../../../infrastructure/logger';
import { historyOf } from '../../../support/given-when-then';
import { baseFields } from '../request/fixtures';
import { requestHistory } from '../../../support/request-histories';
import { requestDecider } from '../../../../domain/request/decider';
import type { RequestFields, RequestState } from '../../../../domain/request/state';
import type { RequestEvent } from '../../../../domain/request/events';
import { requestStreamCache } from '../../../../commands/request/stream-cache';

/** Just enough of an event store for one reaction run: streams in memory, appends with revisions. */
const memoryStore = (streams: Record<string, Array<{ type: string; data: unknown }>>): EventStore & { streams: Map<string, StoredEvent[]> } => {
  let position = 0;
  const map = new Map<string, StoredEvent[]>();
  const push = (streamId: string, e: { type: string; data: unknown; metadata?: StoredEvent['metadata'] }) => {
    const list = map.get(streamId) ?? [];
    position++;
    list.push({ streamId, revision: list.length, position: { commit: BigInt(position), prepare: BigInt(position) } as unknown as StoredEvent['position'], type: e.type, data: e.data, metadata: e.metadata ?? { userId: 1, correlationId: 'c', causationId: null, timestamp: '2026-03-10T09:00:00.000Z' }, schemaVersion: 1 });
    map.set(streamId, list);
    return list.at(-1)!;
  };
  for (const [id, events] of Object.entries(streams)) for (const e of events) push(id, e);
  const unsupported = () => {
    throw new Error('not used by the reaction');
  };
  return {
    streams: map,
    readStream: async (id) => map.get(id) ?? [],
    append: async (id: string, events: readonly NewEvent[], options: AppendOptions) => {
      const current = (map.get(id)?.length ?? 0) - 1;
      const expected = options.expectedRevision;
      if (typeof expected === 'number' && expected !== current) throw new Error('wrong expected revision');
      let last: StoredEvent | undefined;
      for (const e of events) last = push(id, e);
      return { nextRevision: last!.revision, position: last!.position };
    },
    appendMany: unsupported,
    readAll: unsupported,
    subscribe: unsupported,
    headPosition: async () => null,
    waitForAppend: async () => {},
    close: async () => {},
  } as EventStore & { streams: Map<string, StoredEvent[]> };
};

const writer = { userId: 1, rights: { RIGHT_TOOLS_WRITE: 2 }, accessLevel: AccessLevel.FULL };
const tool = (state: ToolState): ToolEvent[] =>
  historyOf(toolDecider, [{
    type: 'RegisterTool', id: 1, actor: writer, input: {
      unit_id: 10, tool_kind_id: 4, manufacturer_id: 3, model: 'P3010DW', serial_number: 'SN', inventar_number: state === ToolState.WAITING ? null : 'ИН',
      owner_type_id: 2, work_in_dt: state === ToolState.WAITING ? null : '2024-01-01', state,
    },
  }]);

const logLines: string[] = [];
const log: Logger = { info: (_o, m) => logLines.push(String(m)), warn: (_o, m) => logLines.push(String(m)), error: (_o, m) => logLines.push(String(m)) };

/** One reaction run on request 5, woken by its last event; `cached`: the request as this process's stream cache holds it. */
const run = async (history: readonly RequestEvent[], tools: Record<number, ToolState>, cached?: { state: RequestState; revision: number }) => {
  const streams: Record<string, Array<{ type: string; data: unknown }>> = { [requestStreamId(5)]: [...history] };
  for (const [id, state] of Object.entries(tools)) streams[toolStreamId(Number(id))] = tool(state).map((e) => ({ ...e, data: { ...(e.data as object), id: Number(id) } }));
  const store = memoryStore(streams);
  const w = { store } as unknown as WriteContext;
  const trigger = (await store.readStream(requestStreamId(5))).at(-1);
  let requestReads = 0;
  const read = store.readStream;
  store.readStream = async (id, ...rest) => {
    if (id === requestStreamId(5)) requestReads++;
    return read(id, ...rest);
  };
  if (cached) requestStreamCache(store).set(5, { ...cached, types: history.map((e) => e.type).slice(0, cached.revision + 1) });
  const outcome = await toolStateReaction(w, log).handle([{ ...trigger!, type: 'RequestPerformed' }]);
  const stateOf = (id: number) => (store.streams.get(toolStreamId(id)) ?? []).reduce((s, e) => toolDecider.evolve(s, e as unknown as ToolEvent), toolDecider.initialState()).tool?.state;
  return { stateOf, store, outcome, requestReads };
};

describe('tool state reaction (through the tool machine)', () => {
  // Request 5 (number 77) commissioning tools 1 and 2: taken, the tools and the result saved, and performed with its act.
  const commissioning = (stage: 'performing' | 'performed') =>
    requestHistory({
      request: baseFields({ id: 5, number: 77, request_kind_id: RequestKind.COMMISSIONING, program_id: null, unit_id: 10 }),
      stage,
      result: { result: 'fulfilled', note: 'Оборудование установлено', commissioning_year: 2025, result_d: '2026-03-05', hotlinegas_number: 'ГЛ-1' },
      resultLists: { tools_commissioning: [{ tool_id: 1, settling_place: 'Зал 1', instructed_person: 'Петров' }, { tool_id: 2, settling_place: 'Зал 2', instructed_person: 'Петров' }] },
    });

  it('a performed commissioning request puts its waiting tools in work, with the request as the reason', async () => {
    const { stateOf, store } = await run(commissioning('performed'), { 1: ToolState.WAITING, 2: ToolState.BROKEN });
    expect(stateOf(1)).toBe(ToolState.IN_WORK);
    expect(store.streams.get(toolStreamId(1))!.at(-1)!.data).toMatchObject({ reason: { request_id: 5, request_number: 77 } });
    // A broken tool is not commissioned: the machine has no such transition; skipped with a log line.
    expect(stateOf(2)).toBe(ToolState.BROKEN);
    expect(logLines.some((l) => l.includes('refuses'))).toBe(true);
  });

  it('a commissioning request still in work moves nothing', async () => {
    const { stateOf } = await run(commissioning('performing'), { 1: ToolState.WAITING });
    expect(stateOf(1)).toBe(ToolState.WAITING);
  });

  it('says whether it acted: a tool moved is "acted", nothing to move is "none" (its checkpoint then waits for a quiet moment)', async () => {
    expect((await run(commissioning('performed'), { 1: ToolState.WAITING })).outcome).toBe('acted');
    expect((await run(commissioning('performing'), { 1: ToolState.WAITING })).outcome).toBe('none');
  });

  it('takes a request this process has just appended to from the stream cache, at the event\'s revision or later, instead of reading it', async () => {
    const request = commissioning('performed');
    const state = request.reduce(requestDecider.evolve, requestDecider.initialState());
    const fromCache = await run(request, { 1: ToolState.WAITING }, { state, revision: request.length - 1 });
    expect(fromCache.requestReads).toBe(0);
    expect(fromCache.stateOf(1)).toBe(ToolState.IN_WORK);
    // A cache behind the event is not used: the stream is read.
    const behind = await run(request, { 1: ToolState.WAITING }, { state: requestDecider.initialState(), revision: -1 });
    expect(behind.requestReads).toBe(1);
    expect(behind.stateOf(1)).toBe(ToolState.IN_WORK);
  });

  it('a full repair puts a broken tool in work; a repair outcome on a waiting tool is refused by the machine', async () => {
    const repaired = (result: Partial<RequestFields>) =>
      requestHistory({ request: baseFields({ id: 5, request_kind_id: RequestKind.REPAIR_HARD, program_id: null, tool_id: 1 }), stage: 'performed', result });
    const repair = repaired({ view_res_before: InspectionBefore.REPAIR_NEEDED, repair_result_id: RepairResult.FULL, view_res_after: 1, comment_after: 'Заменён блок питания' });
    expect((await run(repair, { 1: ToolState.BROKEN })).stateOf(1)).toBe(ToolState.IN_WORK);
    const dismiss = repaired({ view_res_before: InspectionBefore.TO_DISMISS });
    expect((await run(dismiss, { 1: ToolState.IN_WORK })).stateOf(1)).toBe(ToolState.WAITING_RECLAIM);
    expect((await run(dismiss, { 1: ToolState.WAITING })).stateOf(1)).toBe(ToolState.WAITING);
  });
});
