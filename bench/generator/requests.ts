import { requestDecider } from '../../domain/request/decider';
import { requestStreamId, type RequestEvent } from '../../domain/request/events';
import type { RequestCommand, RequestLookups } from '../../domain/request/commands';
import { actFields, actFileName } from '../../domain/request/acts';
import {
  ActKind,
  ContactKind,
  InspectionBefore,
  PerformerKind,
  RepairType,
  RequestKind,
  RequestResult,
  RequestStatus,
  SignType,
  WarrantyKind,
} from '../../domain/request/enums';
import { toolStateAfterRepair } from '../../domain/request/rules';
import type { Actor, FileRef, RequestDocument, RequestState } from '../../domain/request/state';
import { toolDecider, toolStreamId, type ToolFields } from '../../domain/tool/decider';
import { sparesSetDecider, sparesSetStreamId } from '../../domain/spares/decider';
import { DomainError } from '../../domain/shared/errors';
import type { CommandContext } from '../../domain/shared/events';
import { REQUEST_NUMBER_SCOPE, requestNumberKey } from '../../commands/request/numbers';
import { Random } from '../lib/random';
import { isoOf, type EventLog } from './log';
import { comments, notes, places, requestTexts, workTitles } from './names';
import { claimKey, type World, type WorldRegion, type WorldUser } from './world';

/**
 * Request lifecycles over the years, in time order. A registration plan (id, number, time,
 * region) comes from the schedule; from then on each request lives as a small program of user
 * commands with waits between them (a generator yielding the wait), decided by the real request
 * decider on the request's folded state, with the handler's side done the way the handlers do it
 * (lookups, the number's claim stream, spares sets first, the tool-state reaction after a repair,
 * the number released on deletion). A command the decider refuses ends that request's life (and
 * is counted: the generator is meant to send only accepted commands).
 */

export interface RegistrationPlan {
  readonly id: number;
  readonly number: number;
  readonly at: number;
  readonly regionIndex: number;
  /** A request that collects many changes (the history benchmark). */
  readonly longHistory?: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayOf = (ms: number) => isoOf(ms).slice(0, 10);

interface Action {
  at: number;
  seq: number;
  run: () => void;
}

/** A binary heap of actions by (time, insertion order). */
class Agenda {
  private items: Action[] = [];
  private seq = 0;

  get size() {
    return this.items.length;
  }

  push(at: number, run: () => void) {
    const a = { at, seq: this.seq++, run };
    const h = this.items;
    h.push(a);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (before(h[p]!, a)) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = a;
  }

  peek(): Action | undefined {
    return this.items[0];
  }

  pop(): Action | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let best = last;
        if (l < h.length && before(h[l]!, best)) {
          m = l;
          best = h[l]!;
        }
        if (r < h.length && before(h[r]!, best)) m = r;
        if (m === i) break;
        h[i] = h[m]!;
        i = m;
      }
      h[i] = last;
    }
    return top;
  }
}
const before = (a: Action, b: Action) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

export interface SimulationStats {
  requests: number;
  commands: number;
  refused: Map<string, number>;
  open: number;
}

export class RequestSimulator {
  private readonly agenda = new Agenda();
  readonly stats: SimulationStats = { requests: 0, commands: 0, refused: new Map(), open: 0 };
  private fileId: number;
  /** Ids of requests made to collect many changes. */
  readonly longHistory: number[] = [];

  constructor(
    readonly world: World,
    readonly log: EventLog,
    private readonly seed: number,
    /** ms: nothing happens at or after it. */
    readonly end: number,
    firstFileId: number,
  ) {
    this.fileId = firstFileId;
  }

  get lastFileId() {
    return this.fileId;
  }

  register(plan: RegistrationPlan) {
    this.agenda.push(plan.at, () => this.start(plan));
  }

  /** Runs every action before `until` (ms), in time order. */
  runUntil(until: number) {
    for (let a = this.agenda.peek(); a && a.at < until && a.at < this.end; a = this.agenda.peek()) {
      this.agenda.pop();
      a.run();
    }
  }

  get pending() {
    return this.agenda.size;
  }

  nextFileId() {
    return ++this.fileId;
  }

  private start(plan: RegistrationPlan) {
    this.stats.requests++;
    this.stats.open++;
    const life = lifecycle(this, plan, new Random((this.seed ^ Math.imul(plan.id, 0x9e3779b1)) >>> 0));
    const step = (at: number) => {
      let r: IteratorResult<number, void>;
      try {
        r = life.next(at);
      } catch (error) {
        if (!(error instanceof Refused)) this.refuse(error);
        r = { done: true, value: undefined };
      }
      if (r.done) {
        this.stats.open--;
        return;
      }
      const next = at + Math.max(1000, Math.round(r.value));
      if (next >= this.end) {
        this.stats.open--;
        return;
      }
      this.agenda.push(next, () => step(next));
    };
    step(plan.at);
  }

  refuse(error: unknown) {
    const key = error instanceof DomainError ? `${error.kind}: ${error.message} ${JSON.stringify(error.fieldErrors ?? {})}` : String(error);
    this.stats.refused.set(key, (this.stats.refused.get(key) ?? 0) + 1);
  }
}

class Refused extends Error {}

/** One request: its stream, folded state and the commands of its users. */
class RequestRun {
  state: RequestState = requestDecider.initialState();
  next = 0;
  readonly stream: string;
  readonly region: WorldRegion;
  at: number;

  constructor(
    readonly sim: RequestSimulator,
    readonly plan: RegistrationPlan,
    readonly rnd: Random,
  ) {
    this.stream = requestStreamId(plan.id);
    this.region = sim.world.regions[plan.regionIndex]!;
    this.at = plan.at;
  }

  actor(userId: number): Actor {
    const u = this.sim.world.users.get(userId)!;
    return { userId: u.id, rights: u.rights, fio: u.fio, email: u.email };
  }

  context(userId: number, causationId: string | null = null): CommandContext {
    return { userId, now: isoOf(this.at), correlationId: this.rnd.uuid(), causationId };
  }

  /** What requestLookups reads from the read models for the request as submitted. */
  lookups(request: Record<string, unknown>): RequestLookups {
    const merged = { ...this.state, ...request } as Record<string, unknown>;
    const toolId = Number(merged.tool_id) || null;
    const programId = Number(merged.program_id) || null;
    const tool = toolId ? this.sim.world.tools[toolId] : undefined;
    const program = programId ? [...this.sim.world.specialPrograms, ...this.sim.world.commonPrograms].find((p) => p.id === programId) : undefined;
    return {
      tool: tool ? { id: tool.id, guaranty_dt: tool.guaranty, set_system_ts_id: tool.setSystem } : null,
      program: program ? { id: program.id, type: program.type, gas_sub_system_id: program.subsystem } : null,
      regional_service_centre_id: merged.region_id ? this.region.serviceCentreId : null,
    };
  }

  /** Decides and appends (handleCommand); throws Refused when the decider refuses. */
  exec(command: RequestCommand, userId: number, before?: (ctx: CommandContext) => void): RequestEvent[] {
    const ctx = this.context(userId);
    let events: RequestEvent[];
    try {
      events = requestDecider.decide(this.state, command, ctx);
    } catch (error) {
      this.sim.refuse(error);
      throw new Refused();
    }
    this.sim.stats.commands++;
    if (events.length === 0) return events;
    before?.(ctx);
    this.next = this.sim.log.append(this.stream, this.next, events, ctx);
    for (const e of events) this.state = requestDecider.evolve(this.state, e);
    this.toolReaction(events, ctx);
    return events;
  }

  /** reaction:tool-state-after-repair: the tool follows a saved hard repair. */
  private toolReaction(events: readonly RequestEvent[], ctx: CommandContext) {
    if (!events.some((e) => toolTriggers.has(e.type))) return;
    const target = toolStateAfterRepair(this.state);
    const tool = this.state.tool_id != null ? this.sim.world.tools[this.state.tool_id] : undefined;
    if (target === null || !tool) return;
    const decided = toolDecider.decide(
      { status: 'active', tool: { state: tool.state } as ToolFields },
      { type: 'ChangeToolState', id: tool.id, state: target, reason: { request_id: this.plan.id, request_number: this.state.number } },
      { ...ctx, causationId: `${this.stream}@${this.next - 1}` },
    );
    if (decided.length === 0) return;
    tool.revision = this.sim.log.append(toolStreamId(tool.id), tool.revision + 1, decided, { ...ctx, causationId: `${this.stream}@${this.next - 1}` }) - 1;
    tool.state = target;
  }

  file(name: string, mimetype: string, size: number): FileRef {
    const id = this.sim.nextFileId();
    return { file_id: String(id), file_name: name, mimetype, size, checksum: `${id.toString(16).padStart(8, '0')}${'0'.repeat(56)}`.slice(0, 64) };
  }

  document(act: ActKind): RequestDocument {
    const year = Number(isoOf(this.at).slice(0, 4));
    const name = actFileName(act, { vncode: 'VN', number: this.state.number ?? 0, year, date: dayOf(this.at) });
    return {
      ...this.file(name, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', this.rnd.int(20_000, 90_000)),
      act_kind: act,
      // Every act but the learning one carries its number and date, as a generated or uploaded act does: the
      // reports (enclosure 3 counts СО-1.3 numbers) need them.
      ...(actFields[act] ? { act_number: `${actPrefix[act] ?? ''}${this.state.number}`, act_date: dayOf(this.at) } : {}),
      sign_type: this.rnd.chance(0.6) ? SignType.ELECTRON : SignType.PAPER,
      signers_count: this.rnd.chance(0.7) ? 3 : 2,
    };
  }
}

/** A prefix for act numbers in the bench world (the СО-7 of a write-off is 'ТС-…', the others the bare request number). */
const actPrefix: Partial<Record<ActKind, string>> = { [ActKind.CO_7]: 'ТС-' };

const toolTriggers = new Set(['RequestFieldsChanged', 'RequestTakenForPerform', 'RequestPerformed', 'RequestClosed', 'RequestExecutionCancelled']);

const hours = (h: number) => h * HOUR;

/** Kinds of new requests: [kind, weight]. */
const kindTable = [
  [RequestKind.REPAIR_HARD, 30], [RequestKind.COMMON_SOFTWARE, 19], [RequestKind.SPECIAL_SOFTWARE, 15], [RequestKind.CONSULTATION, 10],
  [RequestKind.TASK, 8], [RequestKind.RESTORE, 4], [RequestKind.COMMISSIONING, 4], [RequestKind.LEARNING, 2], [RequestKind.PROPOSAL, 2],
  [RequestKind.MISTAKE, 3],
] as const;

function* lifecycle(sim: RequestSimulator, plan: RegistrationPlan, rnd: Random): Generator<number, void, number> {
  const r = new RequestRun(sim, plan, rnd);
  const world = sim.world;
  const region = r.region;
  const units = region.units;
  const unitId = rnd.pick(units);
  const unit = world.units.get(unitId)!;
  const court = region.courts[unit.courtIndex]!;
  const engineer = rnd.pick(region.engineers);
  const senior = plan.longHistory ? false : rnd.chance(0.08);
  const courtUser = court.users.length ? rnd.pick(court.users) : null;
  const registrant = senior ? rnd.pick(world.seniors) : courtUser && rnd.chance(0.7) ? courtUser : engineer;
  const kind: number = plan.longHistory ? RequestKind.TASK : senior ? rnd.weighted([[RequestKind.SPECIAL_SOFTWARE, 70], [RequestKind.CONSULTATION, 30]] as const) : rnd.weighted(kindTable);
  const wait = function* (h: number): Generator<number, void, number> {
    r.at = yield hours(h);
  };
  const toolOf = (kinds: readonly number[]) => {
    const ids = unit.tools.filter((t) => kinds.includes(world.tools[t]!.kind));
    return ids.length ? rnd.pick(ids) : rnd.pick(unit.tools);
  };
  const texts = requestTexts[kind] ?? requestTexts[8]!;
  const request: Record<string, unknown> = {
    region_id: region.id,
    unit_id: unitId,
    request_kind_id: kind,
    request_performer_kind: senior ? PerformerKind.SENIOR : PerformerKind.FILIAL,
    request_text: `${rnd.pick(texts)} ${rnd.pick(places)} ${rnd.int(1, 420)}`,
  };
  if (rnd.chance(0.1)) {
    request.contact_kind = ContactKind.STRANGER;
    request.contact_unknown_name = `${rnd.pick(['Петрова', 'Сидоров', 'Ким', 'Белова', 'Гусев'])} ${rnd.pick(['А. А.', 'В. С.', 'Е. Н.', 'О. П.'])}`;
    request.contact_unknown_email = `visitor${rnd.int(1, 99_999)}@mail.example.ru`;
  } else {
    request.contact_kind = ContactKind.FROM_IAC;
    request.contact_id = courtUser ?? registrant;
  }
  if (rnd.chance(0.08)) {
    request.number_out = `${rnd.int(1, 9999)}/${rnd.int(1, 12)}`;
    request.date_out_d = dayOf(plan.at - rnd.int(0, 5) * DAY);
  }
  if (kind === RequestKind.SPECIAL_SOFTWARE) request.program_id = rnd.pick(world.specialPrograms).id;
  if (kind === RequestKind.COMMON_SOFTWARE) request.program_id = rnd.pick(world.commonPrograms).id;
  if (kind === RequestKind.LEARNING) request.learning_type_id = rnd.int(1, 3);
  if (kind === RequestKind.REPAIR_HARD && rnd.chance(0.8)) request.tool_id = toolOf([4, 6, 2, 3, 5, 8]);
  if (kind === RequestKind.COMMON_SOFTWARE && rnd.chance(0.5)) request.tool_id = toolOf([2]);
  if (kind === RequestKind.RESTORE && rnd.chance(0.5)) request.tool_id = toolOf([18, 7, 2]);
  const attachments = rnd.chance(0.1) ? [r.file(`IMG_${rnd.int(1000, 9999)}.jpg`, 'image/jpeg', rnd.int(150_000, 3_000_000))] : [];

  // Registration: the number was allocated and claimed first (allocateRequestNumber), then the request appended.
  const year = Number(isoOf(plan.at).slice(0, 4));
  const claim = claimKey(REQUEST_NUMBER_SCOPE, requestNumberKey(year, plan.number));
  r.exec(
    { type: 'RegisterRequest', actor: r.actor(registrant), id: plan.id, number: plan.number, request, engineer_ids: [], attachments, lookups: r.lookups(request) },
    registrant,
    () => sim.world.claims.set(claim, { scope: REQUEST_NUMBER_SCOPE, value: requestNumberKey(year, plan.number), owner: `request-${plan.id}` }),
  );
  if (r.state.request_status_id === RequestStatus.CANCELED) return;

  const comment = (from: number, to: number | null) =>
    r.exec({ type: 'AddComment', actor: r.actor(from), comment: rnd.pick(comments), files: [], notify_user_ids: to ? [to] : [] }, from);
  const save = (userId: number, fields: Record<string, unknown>, extra: Partial<Extract<RequestCommand, { type: 'SaveRequest' }>> = {}, before?: (ctx: CommandContext) => void) =>
    r.exec({ type: 'SaveRequest', actor: r.actor(userId), request: fields, lookups: r.lookups(fields), ...extra }, userId, before);
  const hotlineNumber = () => `${String(region.code).padStart(2, '0')}-${rnd.int(1_000_000, 9_999_999)}`;
  let comments_ = rnd.weighted([[0, 45], [1, 30], [2, 15], [3, 10]] as const);
  const maybeComment = function* (from: number, to: number | null): Generator<number, void, number> {
    if (comments_ > 0 && rnd.chance(0.5)) {
      comments_--;
      yield* wait(rnd.lognormal(3, 3));
      comment(from, to);
    }
  };

  if (plan.longHistory) {
    yield* wait(2);
    save(engineer, { hotlinegas_number: hotlineNumber() });
    yield* wait(1);
    r.exec({ type: 'TakeForPerform', actor: r.actor(engineer) }, engineer);
    const saves = 260;
    const step = Math.min(4 * DAY, ((sim.end - r.at) * 0.9) / saves);
    for (let i = 0; i < saves; i++) {
      yield* wait(step / HOUR);
      save(engineer, { note: `Промежуточный отчет №${i + 1}: ${rnd.pick(notes)}`, result_type: 1 + (i % 2) });
    }
    return;
  }

  if (senior) {
    yield* hotLine(r, region, rnd, hotlineNumber);
    return;
  }

  // Waiting for an engineer: maybe assigned by the chief, registered on the hot line, recalled, commented.
  let performer = engineer;
  if (rnd.chance(0.3)) {
    yield* wait(rnd.exp(3));
    r.exec({ type: 'AssignEngineers', actor: r.actor(region.chief), engineer_ids: [engineer] }, region.chief);
  }
  if (rnd.chance(0.9)) {
    yield* wait(rnd.exp(5));
    save(engineer, { hotlinegas_number: hotlineNumber() });
  }
  yield* maybeComment(registrant, engineer);
  if (rnd.chance(0.02)) {
    // Recalled by its author when an engineer, else by the branch's chief (court staff cannot edit a numbered request).
    const by = region.engineers.includes(registrant) ? registrant : region.chief;
    yield* wait(rnd.lognormal(6, 3));
    r.exec({ type: 'Recall', actor: r.actor(by) }, by);
    return;
  }
  if (rnd.chance(0.002)) {
    yield* wait(rnd.lognormal(6, 3));
    r.exec({ type: 'DeleteRequest', actor: r.actor(region.chief) }, region.chief);
    sim.world.claims.delete(claim);
    return;
  }
  if (rnd.chance(0.01)) return; // never taken

  for (let round = 0; round < 2; round++) {
    yield* wait(rnd.lognormal(10, 2.5));
    if (round > 0 && rnd.chance(0.5)) performer = rnd.pick(region.engineers);
    r.exec({ type: 'TakeForPerform', actor: r.actor(performer) }, performer);
    yield* maybeComment(performer, registrant);
    if (rnd.chance(0.015)) return; // stuck in work
    yield* wait(rnd.lognormal(20, 3));
    // Again after re-execution: the act is there, a new result performs it.
    const movedToHotLine =
      round === 0 ? yield* perform(r, kind, performer, rnd, save, hotlineNumber) : (save(performer, { result: RequestResult.FULFILLED, note: `Повторно: ${rnd.pick(notes)}` }), false);
    if (movedToHotLine) {
      yield* hotLine(r, region, rnd, hotlineNumber);
      return;
    }
    yield* maybeComment(registrant, performer);
    if (rnd.chance(0.04)) return; // performed, never confirmed
    yield* wait(rnd.lognormal(30, 3));
    if (round === 0 && rnd.chance(0.04)) {
      r.exec({ type: 'Reexecute', actor: r.actor(region.chief) }, region.chief);
      continue;
    }
    r.exec({ type: 'Complete', actor: r.actor(region.chief) }, region.chief);
    break;
  }
  while (comments_ > 0) {
    comments_--;
    yield* wait(rnd.lognormal(5, 3));
    comment(registrant, performer);
  }
}

type Save = (userId: number, fields: Record<string, unknown>, extra?: Partial<Extract<RequestCommand, { type: 'SaveRequest' }>>, before?: (ctx: CommandContext) => void) => RequestEvent[];

/** The movement tab of a FILIAL request in work, by kind, up to 'performed'. Returns true when passed to the hot line. */
function* perform(r: RequestRun, kind: number, engineer: number, rnd: Random, save: Save, hotlineNumber: () => string): Generator<number, boolean, number> {
  const world = r.sim.world;
  const unit = world.units.get(r.state.unit_id!)!;
  const today = () => dayOf(r.at);
  const works = () =>
    Array.from({ length: rnd.int(1, 2) }, () => ({ title: rnd.pick(workTitles), cost: rnd.chance(0.5) ? 0 : rnd.int(5, 300) * 100 }));
  const base: Record<string, unknown> = {};
  if (!r.state.hotlinegas_number) base.hotlinegas_number = hotlineNumber();
  const wait = function* (h: number): Generator<number, void, number> {
    r.at = yield hours(h);
  };
  const act = (a: ActKind) => save(engineer, {}, { documents_added: [r.document(a)] });
  const toolOf = (kinds: readonly number[]) => {
    const ids = unit.tools.filter((t) => kinds.includes(world.tools[t]!.kind));
    return ids.length ? rnd.pick(ids) : rnd.pick(unit.tools);
  };
  const result = rnd.chance(0.9) ? RequestResult.FULFILLED : RequestResult.PARTIALLY;
  switch (kind) {
    case RequestKind.COMMON_SOFTWARE:
    case RequestKind.SPECIAL_SOFTWARE:
    case RequestKind.RESTORE: {
      if (kind === RequestKind.SPECIAL_SOFTWARE && rnd.chance(0.12)) {
        save(engineer, { ...base, result: RequestResult.PASSED_TO_HOT_LINE, note: 'Требуется решение головного исполнителя' });
        return true;
      }
      const fields: Record<string, unknown> = { ...base, result, note: rnd.pick(notes), result_type: rnd.int(1, 2) };
      if (kind === RequestKind.COMMON_SOFTWARE && r.state.tool_id == null) fields.tool_id = toolOf([2]);
      save(engineer, fields, { works: works() });
      yield* wait(rnd.lognormal(2, 3));
      act(ActKind.CO_3);
      return false;
    }
    case RequestKind.REPAIR_HARD: {
      const fields: Record<string, unknown> = { ...base };
      if (r.state.tool_id == null) fields.tool_id = toolOf([4, 6, 2, 3, 5, 8]);
      const inspection = rnd.weighted([[InspectionBefore.REPAIR_NEEDED, 85], [InspectionBefore.TO_DISMISS, 8], [InspectionBefore.NO_FAULT, 7]] as const);
      fields.view_res_before = inspection;
      fields.comment_before = 'Осмотр проведен';
      fields.tool_in_d = today();
      if (inspection === InspectionBefore.TO_DISMISS) {
        save(engineer, fields);
        yield* wait(rnd.lognormal(24, 2));
        act(ActKind.CO_7);
        return false;
      }
      if (inspection === InspectionBefore.NO_FAULT) {
        save(engineer, { ...fields, view_res_after: 1, comment_after: 'Неисправность не подтверждена', tool_out_d: today() });
        yield* wait(rnd.lognormal(2, 2));
        act(ActKind.CO_8);
        return false;
      }
      // The warranty kind came from the tool (field reactions); the repair type must agree with it.
      const merged = { ...r.state, ...fields };
      const lookups = r.lookups(fields);
      const underWarranty = lookups.tool?.guaranty_dt != null && lookups.tool.guaranty_dt >= today();
      const warranty = merged.tool_id !== r.state.tool_id ? (underWarranty ? WarrantyKind.GUARANTY : WarrantyKind.NOT_GUARANTY) : r.state.repair_kind_id;
      const type: number =
        warranty === WarrantyKind.GUARANTY
          ? RepairType.GUARANTY
          : rnd.weighted([[RepairType.FILIAL_HAND, 35], [RepairType.FILIAL_MONEY, 20], [RepairType.SERVICE_CONTRACT, 20], [RepairType.SERVICE_MONEY, 10], [RepairType.FILIAL_SPARE, 15]] as const);
      if (warranty == null) fields.repair_kind_id = WarrantyKind.NOT_GUARANTY;
      fields.repair_type_id = warranty == null && type === RepairType.GUARANTY ? RepairType.FILIAL_HAND : type;
      if (type === RepairType.SERVICE_CONTRACT || type === RepairType.SERVICE_MONEY || type === RepairType.GUARANTY) {
        fields.service_repair_id = r.region.serviceCentre2Id;
        fields.date_pass_d = today();
      }
      save(engineer, fields);
      // Stock spares for a repair from the branch's set: the set's stream first, then the request (saveRequest).
      yield* wait(rnd.lognormal(48, 2.5));
      const done: Record<string, unknown> = {
        date_repair_d: today(), repair_result_id: rnd.chance(0.92) ? 1 : 2, view_res_after: 1, comment_after: 'Оборудование работоспособно', tool_out_d: today(),
      };
      if (fields.date_pass_d) done.date_return_d = today();
      const spares = type === RepairType.FILIAL_SPARE && rnd.chance(0.4) ? allocate(r, rnd) : undefined;
      save(engineer, done, { works: works() }, spares);
      yield* wait(rnd.lognormal(2, 3));
      act(ActKind.CO_8);
      return false;
    }
    case RequestKind.COMMISSIONING: {
      const tools = Array.from(new Set(Array.from({ length: rnd.int(1, 3) }, () => rnd.pick(unit.tools)))).map((tool_id) => ({
        tool_id, settling_place: `${rnd.pick(places)} ${rnd.int(1, 420)}`, instructed_person: rnd.pick(['Петрова А. А.', 'Сидоров В. С.', 'Ким Е. Н.']),
      }));
      save(engineer, { ...base, result: RequestResult.FULFILLED, note: rnd.pick(notes), commissioning_year: Number(today().slice(0, 4)) - rnd.int(0, 1), result_d: today() }, { tools_commissioning: tools });
      yield* wait(rnd.lognormal(2, 3));
      act(ActKind.CO_13);
      return false;
    }
    case RequestKind.LEARNING: {
      const students = Array.from({ length: rnd.int(2, 8) }, (_, i) => ({ name: `Слушатель ${i + 1}`, post: 'Секретарь судебного заседания' }));
      save(engineer, { ...base, result: RequestResult.FULFILLED, note: 'Обучение проведено' }, { students_list: students });
      yield* wait(rnd.lognormal(2, 3));
      act(ActKind.LEARNING);
      return false;
    }
    default:
      // Consultation, task, proposal: a result performs the request.
      save(engineer, { ...base, result: kind === RequestKind.PROPOSAL || rnd.chance(0.9) ? RequestResult.FULFILLED : RequestResult.PARTIALLY, note: rnd.pick(notes), result_type: rnd.int(1, 2) });
      return false;
  }
}

/** The spares lines a repair takes from the region's set: decided by the set's own stream, appended before the request. */
const allocate = (r: RequestRun, rnd: Random): ((ctx: CommandContext) => void) | undefined => {
  const region = r.region;
  const set = region.spares;
  const items = [...new Set([rnd.pick(set.items), rnd.pick(set.items)])].map((i) => ({ item_id: i.id, amount: 1 }));
  return (ctx) => {
    let events;
    try {
      events = sparesSetDecider.decide(region.spares, { type: 'AllocateSparesToRequest', request_id: r.plan.id, items }, ctx);
    } catch {
      return; // stock exhausted: the repair goes on without stock spares
    }
    region.sparesRevision = r.sim.log.append(sparesSetStreamId(region.sparesSetId), region.sparesRevision + 1, events, ctx) - 1;
    region.spares = events.reduce(sparesSetDecider.evolve, region.spares);
  };
};

/** The head performer's flow: hot line take, the hot line tab, fulfilment by a head performer. */
function* hotLine(r: RequestRun, region: WorldRegion, rnd: Random, hotlineNumber: () => string): Generator<number, void, number> {
  const world = r.sim.world;
  const worker = rnd.pick(world.hotline);
  const senior = rnd.pick(world.seniors);
  r.at = yield hours(rnd.lognormal(4, 3));
  if (rnd.chance(0.01)) return;
  r.exec({ type: 'HotlineTake', actor: r.actor(worker) }, worker);
  r.at = yield hours(rnd.lognormal(12, 3));
  const fields: Record<string, unknown> = {
    hotline_result_id: 1, hotline_result_type: rnd.int(1, 2), hotline_work_description: rnd.pick(notes), instructed_person: 'Пользователь проинформирован о решении',
  };
  if (!r.state.hotlinegas_number) fields.hotlinegas_number = hotlineNumber();
  r.exec({ type: 'SaveRequest', actor: r.actor(worker), request: fields, lookups: r.lookups(fields) }, worker);
  if (rnd.chance(0.03)) return;
  r.at = yield hours(rnd.lognormal(24, 3));
  r.exec({ type: 'HotlineFulfil', actor: r.actor(senior) }, senior);
  void region;
}

export type { WorldUser };
