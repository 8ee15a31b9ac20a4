import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  innerRequestDecider,
  innerRequestInputSchema,
  innerMessages,
  offeredInnerStates,
  type InnerRequestCommand,
  type InnerRequestEvent,
} from '../../../domain/inner-request';
import { foldEvents } from '../../../domain/shared/decider';
import { isDomainError } from '../../../domain/shared/errors';

const context = { userId: 5, now: '2026-11-24T08:00:00.000Z', correlationId: 't' };
const created: InnerRequestEvent = {
  type: 'InnerRequestCreated',
  data: { id: 1, parent_id: null, author_id: 5, author_email: 'a@b.ru', message: 'Не работает', request_inner_kind_id: null, files: [], date_create: context.now, notify_user_ids: [], notify_email: null },
};

/** Given events, when a command: the events it decides (or the refusal's message). */
const when = (given: InnerRequestEvent[], command: InnerRequestCommand) => {
  try {
    return innerRequestDecider.decide(foldEvents(innerRequestDecider, given), command, context);
  } catch (e) {
    if (isDomainError(e)) return e.message;
    throw e;
  }
};

describe('inner request decider', () => {
  it('creates once', () => {
    expect(when([], { type: 'create', data: created.data })).toEqual([created]);
    expect(when([created], { type: 'create', data: created.data })).toBe('Запрос уже существует');
  });

  it('sets an offered state, nothing when it is already so, and refuses need-info', () => {
    expect(when([created], { type: 'setState', state: 2 })).toEqual([{ type: 'InnerRequestStateChanged', data: { state: 2 } }]);
    expect(when([created], { type: 'setState', state: 1 })).toEqual([]);
    expect(when([created], { type: 'setState', state: 4 })).toBe(innerMessages.state);
  });

  it('changes the kind and deletes; a deleted or missing request is not found', () => {
    expect(when([created], { type: 'setKind', request_inner_kind_id: 3 })).toEqual([{ type: 'InnerRequestKindChanged', data: { request_inner_kind_id: 3 } }]);
    const deleted: InnerRequestEvent = { type: 'InnerRequestDeleted', data: {} };
    expect(when([created], { type: 'delete' })).toEqual([deleted]);
    expect(when([created, deleted], { type: 'setState', state: 2 })).toBe(innerMessages.notFound);
    expect(when([], { type: 'delete' })).toBe(innerMessages.notFound);
  });

  it('the state after any sequence of offered states is the last one set', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...offeredInnerStates), { maxLength: 12 }), (states) => {
        let history: InnerRequestEvent[] = [created];
        for (const state of states) {
          const events = when(history, { type: 'setState', state });
          if (typeof events === 'string') throw new Error(events);
          history = [...history, ...events];
        }
        expect(foldEvents(innerRequestDecider, history).state).toBe(states.at(-1) ?? 1);
      }),
    );
  });
});

describe('inner request input (administration.md 5)', () => {
  const issue = (input: unknown) => {
    const r = innerRequestInputSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it('requires a message of 1..2999 characters and a valid e-mail for a request only', () => {
    expect(issue({ message: '', author_email: 'a@b.ru' })).toBe('Значение от 1 до 3000 символов');
    expect(issue({ message: 'x'.repeat(3000), author_email: 'a@b.ru' })).toBe('Значение от 1 до 3000 символов');
    expect(issue({ message: 'x'.repeat(2999), author_email: 'a@b.ru' })).toBeNull();
    expect(issue({ message: 'Текст', author_email: '' })).toBe('Поле email не может быть пустым');
    expect(issue({ message: 'Текст', author_email: 'not-an-email' })).toBe('Неверный формат поля email');
    // An answer skips the e-mail check and keeps none.
    expect(innerRequestInputSchema.parse({ message: 'Ответ', author_email: 'bad', parent_id: 3 })).toMatchObject({ author_email: null, parent_id: 3 });
  });
});
