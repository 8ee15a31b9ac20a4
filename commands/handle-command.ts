import type { Decider } from '../domain/shared/decider';
import type { CommandContext, DomainEvent } from '../domain/shared/events';
import { conflict } from '../domain/shared/errors';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type Position } from '../infrastructure/eventstore/port';

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
  /** Schema versions of event types whose shape has changed (default 1). */
  readonly schemaVersions?: Readonly<Record<string, number>>;
  /** Re-read and re-decide this many times when another writer got in first. */
  readonly retries?: number;
  /**
   * The stream is new (its id was just allocated): decide on the initial state and append expecting
   * no stream, without reading it first. Should it exist after all, the append fails and the
   * command is decided again on the stream as read.
   */
  readonly expectNew?: boolean;
  /** The stream as the caller has just read and folded it: decided on without reading it again. */
  readonly known?: { readonly state: unknown; readonly revision: number; readonly types?: readonly string[] };
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
  schemaVersions: Readonly<Record<string, number>> = {},
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
  for (let attempt = 0; ; attempt++) {
    let state: S;
    let revision: number;
    let types: readonly string[] | undefined;
    if (attempt === 0 && options.known) {
      ({ revision, types } = options.known);
      state = options.known.state as S;
    } else {
      const history = attempt === 0 && options.expectNew ? [] : await store.readStream(streamId);
      revision = history.length - 1;
      types = history.map((e) => e.type);
      state = decider.initialState();
      for (const e of history) state = decider.evolve(state, { type: e.type, data: e.data } as E);
    }
    if (changedSince(options.clientRevision, revision, types, options.unrelated)) throw conflict(staleMessage);
    const events: E[] = [];
    let next = state;
    for (const command of commands) {
      const decided = decider.decide(next, command, context);
      next = decided.reduce(decider.evolve, next);
      events.push(...decided);
    }
    if (events.length === 0) return { events, state, revision, position: null };
    try {
      const result = await store.append(streamId, toNewEvents(events, context, options.schemaVersions), {
        expectedRevision: revision < 0 ? 'no_stream' : revision,
      });
      return { events, state: next, revision: result.nextRevision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // Decided again on the stream as it is now; a client's revision is checked against it then.
      if (attempt >= (options.retries ?? 3) + (options.expectNew ? 1 : 0)) throw conflict(staleMessage);
    }
  }
};
