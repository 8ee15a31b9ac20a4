import type { CommandContext, DomainEvent } from '../domain/shared/events';
import { conflict } from '../domain/shared/errors';
import { WrongExpectedRevisionError, type EventStore, type IndexChange, type NewEvent, type Position, type YearlyNumber } from '../infrastructure/eventstore/port';
import { withValueAt } from '../infrastructure/eventstore/with-value-at';
import type { Decider } from '../domain/shared/decider';
import { readAggregate, type WriteIndex } from './aggregate';
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

/** How the stream's keys in its write-side index move from `before` to `after` (none: no change). */
const indexChange = <S>(index: WriteIndex<S> | undefined, streamId: string, before: S, after: S): IndexChange | undefined => {
  if (!index) return undefined;
  const was = new Set(index.keysOf(before));
  const is = new Set(index.keysOf(after));
  const add = [...is].filter((k) => !was.has(k));
  const remove = [...was].filter((k) => !is.has(k));
  return add.length || remove.length ? { index: index.name, member: streamId, add, remove } : undefined;
};

/**
 * The one way a command reaches a stream: read, fold, decide, append with the expected revision.
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
  if (options.anyRevision && registration.index) throw new Error(`${streamId}: an indexed stream cannot be appended to blind`);
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
      const index = indexChange(registration.index, streamId, state, next);
      const result = await store.append(streamId, toNewEvents(events, context, registration.schemaVersions), {
        expectedRevision: options.anyRevision ? 'any' : revision < 0 ? 'no_stream' : revision,
        ...(index ? { index } : {}),
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
