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
