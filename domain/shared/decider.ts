import type { CommandContext, DomainEvent } from './events';

/**
 * The shape of every aggregate (Emmett / Dudycz "decider"): fold events into state with
 * `evolve`, answer a command with the events it causes (or throw a DomainError) with `decide`.
 * Everything a decision needs that is not in the stream (rights of the actor, tool data,
 * spare stock, the current date) comes inside the command or its context.
 */
export interface Decider<TState, TCommand, TEvent extends DomainEvent> {
  readonly initialState: () => TState;
  readonly evolve: (state: TState, event: TEvent) => TState;
  readonly decide: (state: TState, command: TCommand, context: CommandContext) => TEvent[];
}

export const foldEvents = <S, E extends DomainEvent>(
  decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>,
  events: readonly E[],
): S => events.reduce(decider.evolve, decider.initialState());
