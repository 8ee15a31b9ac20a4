import { expect } from 'vitest';
import type { Decider } from '../../domain/shared/decider';
import type { CommandContext, DomainEvent } from '../../domain/shared/events';
import { DomainError } from '../../domain/shared/errors';

export const testContext = (over: Partial<CommandContext> = {}): CommandContext => ({
  userId: 1,
  now: '2026-03-10T09:00:00.000Z',
  correlationId: 'test',
  causationId: null,
  ...over,
});

/**
 * The events a decider really emits for `commands`, run in order from its initial state (or from
 * `from`): histories for `given` built by the deciders, not written by hand, so a test cannot start
 * from a state no command sequence reaches. A refused command fails the test, naming the step.
 * Each command runs at `context(i)` (default: testContext(), one minute per step).
 */
export const historyOf = <S, C, E extends DomainEvent>(
  decider: Decider<S, C, E>,
  commands: readonly C[],
  options: { from?: readonly E[]; context?: (step: number) => CommandContext } = {},
): E[] => {
  const events = [...(options.from ?? [])];
  let state = events.reduce(decider.evolve, decider.initialState());
  const contextOf = options.context ?? ((step: number) => testContext({ now: new Date(Date.parse(testContext().now) - (commands.length - step) * 60_000).toISOString() }));
  commands.forEach((command, step) => {
    let emitted: E[];
    try {
      emitted = decider.decide(state, command, contextOf(step));
    } catch (error) {
      throw new Error(`history step ${step + 1} (${(command as { type?: string }).type ?? 'command'}) was refused: ${error instanceof Error ? error.message : String(error)}`);
    }
    state = emitted.reduce(decider.evolve, state);
    events.push(...emitted);
  });
  return events;
};

/**
 * Specification-style tests for deciders:
 *   given(decider, [events]).when(command).then([events])
 *   given(decider, [events]).when(command).thenThrows('Русское сообщение')
 */
export const given = <S, C, E extends DomainEvent>(decider: Decider<S, C, E>, history: readonly E[] = []) => ({
  when: (command: C, context: CommandContext = testContext()) => {
    const run = () => decider.decide(history.reduce(decider.evolve, decider.initialState()), command, context);
    return {
      then: (expected: readonly E[] | ((events: E[]) => void)) => {
        const events = run();
        if (typeof expected === 'function') expected(events);
        else expect(events).toEqual(expected);
        return events;
      },
      thenThrows: (message: string | RegExp, kind?: DomainError['kind']) => {
        let error: unknown;
        try {
          run();
        } catch (e) {
          error = e;
        }
        expect(error, 'expected the command to be refused').toBeInstanceOf(DomainError);
        const de = error as DomainError;
        if (typeof message === 'string') expect(de.message).toBe(message);
        else expect(de.message).toMatch(message);
        if (kind) expect(de.kind).toBe(kind);
      },
    };
  },
});
