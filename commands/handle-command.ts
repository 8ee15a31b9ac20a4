import type { CommandContext, DomainEvent } from '../domain/shared/events';
import { conflict } from '../domain/shared/errors';
import { WrongExpectedRevisionError, type AppendBatch, type EventStore, type IndexChange, type NewEvent, type Position, type YearlyNumber } from '../infrastructure/eventstore/port';
import type { CredentialChange } from '../infrastructure/credentials';
import { withValueAt } from '../infrastructure/eventstore/with-value-at';
import type { Decider } from '../domain/shared/decider';
import { readAggregate, type AggregateSnapshot, type WriteIndex } from './aggregate';
import { registrationOf } from './stream-registry';

export interface HandleOptions {
  /**
   * Revision the client read. When given and the stream has moved on, the command is refused
   * with `staleMessage` instead of being re-decided on newer state.
   */
  readonly clientRevision?: number | null;
  readonly staleMessage?: string;
  /**
   * Event types written since `clientRevision` that do not make the client's view stale (a chat
   * message beside an open dialog); any other event since then does.
   */
  readonly unrelated?: ReadonlySet<string>;
  /** Re-read and re-decide this many times when another writer got in first. */
  readonly retries?: number;
  /**
   * The stream is new (its id was just allocated): decide on the initial state and append expecting
   * no stream, without reading it first. Should it exist after all, the append fails and the
   * command is decided again on the stream as read.
   */
  readonly expectNew?: boolean;
  /**
   * Append whatever the stream holds now (an inbox that takes marks in any order): decided on the
   * initial state without reading the stream. Only for streams whose state constrains nothing.
   */
  readonly anyRevision?: boolean;
  /** The stream as the caller has just read and folded it: decided on without reading it again. */
  readonly known?: { readonly state: unknown; readonly revision: number; readonly types?: readonly string[] };
  /**
   * A number of the year the append claims and writes into the first event at `path` (a new
   * request's number: decided with a placeholder, numbered in the append's own statement, so a
   * refused or failed command takes no number). The result's events and state carry the number.
   */
  readonly yearlyNumber?: YearlyNumber;
  /**
   * What the decided events do to an account's password hash and sessions, written with them
   * (infrastructure/credentials.ts): the hash never goes into an event.
   */
  readonly credential?: (events: readonly DomainEvent[]) => CredentialChange | undefined;
}

export interface HandleResult<S, E> {
  readonly events: readonly E[];
  readonly state: S;
  /** Revision of the stream after the command (-1: still no stream). */
  readonly revision: number;
  /** Position of the last appended event; null when the command changed nothing. */
  readonly position: Position | null;
}

export const STALE_DEFAULT = 'Запись была изменена другим пользователем. Обновите данные.';

export const toNewEvents = (
  events: readonly DomainEvent[],
  context: CommandContext,
  schemaVersions: Readonly<Partial<Record<string, number>>> = {},
): NewEvent[] =>
  events.map((e) => ({
    type: e.type,
    data: e.data,
    schemaVersion: schemaVersions[e.type] ?? 1,
    metadata: {
      userId: context.userId,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      timestamp: context.now,
    },
  }));

/**
 * Whether a stream at `revision` (with these event types, oldest first, when known) has changed
 * since the revision a client read, other than by `unrelated` events.
 */
export const changedSince = (
  clientRevision: number | null | undefined,
  revision: number,
  types: readonly string[] | undefined,
  unrelated: ReadonlySet<string> = new Set(),
): boolean => {
  if (clientRevision == null || clientRevision === revision) return false;
  if (clientRevision > revision || clientRevision < -1 || !types) return true;
  return types.slice(clientRevision + 1).some((t) => !unrelated.has(t));
};

/** Several commands decided in order on `state`: the events and the state they lead to (pure). */
export const decideAll = <S, C, E extends DomainEvent>(
  decider: Pick<Decider<S, C, E>, 'decide' | 'evolve'>,
  state: S,
  commands: readonly C[],
  context: CommandContext,
): { events: E[]; next: S } => {
  const events: E[] = [];
  let next = state;
  for (const command of commands) {
    const decided = decider.decide(next, command, context);
    next = decided.reduce(decider.evolve, next);
    events.push(...decided);
  }
  return { events, next };
};

/** How the stream's keys in its write-side indexes move from `before` to `after` (only the indexes that change). */
const indexChanges = <S>(indexes: readonly WriteIndex<S>[] | undefined, streamId: string, before: S, after: S): IndexChange[] =>
  (indexes ?? []).flatMap((index) => {
    const was = new Set(index.keysOf(before));
    const is = new Set(index.keysOf(after));
    const add = [...is].filter((k) => !was.has(k));
    const remove = [...was].filter((k) => !is.has(k));
    return add.length || remove.length ? [{ index: index.name, member: streamId, add, remove }] : [];
  });

/**
 * The one way a command reaches a stream: read, fold, decide, append with the expected revision
 * (`handleBatch` below writes many streams at once the same way).
 * A decision that throws appends nothing; a lost race is retried on fresh state, or refused
 * when the client pinned the revision it saw.
 */
export const handleCommand = <S, C, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<HandleResult<S, E>> => handleCommands(store, decider, streamId, [command], context, options);

/**
 * Several commands decided in order on one stream and appended together, so they take effect
 * all or none (a request save that also assigns executors).
 */
export const handleCommands = async <S, C, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  commands: readonly C[],
  context: CommandContext,
  options: HandleOptions = {},
): Promise<HandleResult<S, E>> => {
  const staleMessage = options.staleMessage ?? STALE_DEFAULT;
  const registration = registrationOf<S>(streamId);
  // A blind append cannot tell which keys the stream had: indexed streams are always read.
  if (options.anyRevision && registration.indexes?.length) throw new Error(`${streamId}: an indexed stream cannot be appended to blind`);
  for (let attempt = 0; ; attempt++) {
    let state: S;
    let revision: number;
    let types: readonly string[] | undefined;
    const blind = attempt === 0 && (options.expectNew || options.anyRevision);
    if (attempt === 0 && options.known) {
      ({ revision, types } = options.known);
      state = options.known.state as S;
    } else if (blind) {
      state = decider.initialState();
      revision = -1;
      types = [];
    } else {
      ({ state, revision, types } = await readAggregate(store, decider, streamId));
    }
    if (changedSince(options.clientRevision, revision, types, options.unrelated)) throw conflict(staleMessage);
    const { events, next } = decideAll(decider, state, commands, context);
    if (events.length === 0) return { events, state, revision, position: null };
    try {
      const indexes = indexChanges(registration.indexes, streamId, state, next);
      const credential = options.credential?.(events);
      const result = await store.append(streamId, toNewEvents(events, context, registration.schemaVersions), {
        expectedRevision: options.anyRevision ? 'any' : revision < 0 ? 'no_stream' : revision,
        ...(indexes.length ? { indexes } : {}),
        ...(credential ? { credential } : {}),
        ...(options.yearlyNumber ? { yearlyNumber: options.yearlyNumber } : {}),
      });
      if (options.yearlyNumber && result.number !== undefined) {
        // The events as stored: the first carries the number the append claimed.
        const path = options.yearlyNumber.path;
        const stored = events.map((e, i) => (i === 0 ? ({ ...e, data: withValueAt(e.data, path, result.number) } as E) : e));
        return { events: stored, state: stored.reduce(decider.evolve, state), revision: result.nextRevision, position: result.position };
      }
      return { events, state: next, revision: result.nextRevision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // Decided again on the stream as it is now; a client's revision is checked against it then.
      if (attempt >= (options.retries ?? 3) + (options.expectNew ? 1 : 0)) throw conflict(staleMessage);
    }
  }
};

/** One stream's command in a `handleBatch`, made by `onStream`. */
export interface BatchStep {
  readonly streamId: string;
  /** Decides the command; the stream's part of the append (null: nothing to append). */
  readonly decide: (context: CommandContext) => { readonly events: readonly DomainEvent[]; readonly append: AppendBatch | null };
}

/**
 * A command on one stream of a batch, decided on the stream as the caller has just read it
 * (`readAggregate`) and appended expecting that revision, or on a new stream (`'new'`: the initial
 * state, appended expecting no stream). Schema versions and the write-side index come from the
 * stream registry, as in `handleCommand`.
 */
export const onStream = <S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string, command: C, read: Pick<AggregateSnapshot<S>, 'state' | 'revision'> | 'new'): BatchStep => ({
  streamId,
  decide: (context) => {
    const { state, revision } = read === 'new' ? { state: decider.initialState(), revision: -1 } : read;
    const events = decider.decide(state, command, context);
    if (events.length === 0) return { events, append: null };
    const registration = registrationOf<S>(streamId);
    // The state after the events only matters to an index (an import decides tens of thousands of streams).
    const indexes = registration.indexes?.length ? indexChanges(registration.indexes, streamId, state, events.reduce(decider.evolve, state)) : [];
    return {
      events,
      append: {
        streamId,
        events: toNewEvents(events, context, registration.schemaVersions),
        expectedRevision: revision < 0 ? 'no_stream' : revision,
        ...(indexes.length ? { indexes } : {}),
      },
    };
  },
});

export interface BatchResult {
  /** Streams appended to (those whose command changed nothing are left out). */
  readonly appended: number;
  /** Position of the last event written; null when nothing was. */
  readonly position: Position | null;
}

/**
 * The one way to write many streams together (an object's whole equipment registry replaced by an
 * import): every command decided first (a refusal throws and appends nothing), then every stream's
 * events in ONE `appendMany`, in the order given — on PostgreSQL one transaction, all or none (the
 * EventStoreDB adapter writes stream by stream). A stream another writer moved since the caller read
 * it fails the whole batch with `staleMessage` (409): no retry, since what the batch holds was chosen
 * from what the caller read.
 */
export const handleBatch = async (store: EventStore, steps: readonly BatchStep[], context: CommandContext, options: { readonly staleMessage?: string } = {}): Promise<BatchResult> => {
  const appends = steps.flatMap((step) => {
    const { append } = step.decide(context);
    return append ? [append] : [];
  });
  if (appends.length === 0) return { appended: 0, position: null };
  try {
    const results = await store.appendMany(appends);
    return { appended: appends.length, position: results.at(-1)?.position ?? null };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw conflict(options.staleMessage ?? STALE_DEFAULT);
    throw error;
  }
};
