/** A domain event as the domain produces it: a past-tense type and a plain JSON payload. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly data: TData;
}

/**
 * Who did it and when. Commands carry this; the domain never reads the clock or the session
 * itself, so deciders stay pure and replayable.
 */
export interface CommandContext {
  /** Acting user id; null for the system (seed, reactions). */
  readonly userId: number | null;
  /** ISO timestamp of the command. */
  readonly now: string;
  readonly correlationId: string;
  readonly causationId?: string | null;
}

export type EventOf<TMap extends Record<string, unknown>> = {
  [K in keyof TMap & string]: DomainEvent<K, TMap[K]>;
}[keyof TMap & string];
