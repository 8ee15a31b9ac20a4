import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../domain/catalog/definitions';
import { DomainError } from '../../../domain/shared/errors';
import { parseOrThrow } from '../../../domain/shared/validation';

const messagesOf = (run: () => unknown): Record<string, string> => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.fieldErrors ?? { _: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

const catalog = (name: string) => catalogs.find((c) => c.name === name)!.schema;
const cyrillicOnly = (messages: Record<string, string>) => Object.values(messages).every((m) => /[А-Яа-яЁё]/.test(m) && !/[A-Za-z]{3,}/.test(m));

describe('given input of the wrong shape, when a schema without its own message refuses it, then the message is Russian', () => {
  it('numbers where text is expected, text where numbers are, values out of range', () => {
    for (const [name, input] of [
      ['organization_kind', { title: 'Суд', signers_count: 4 }],
      ['organization_kind', { title: 'Суд', ksa_title: 5 }],
      ['common_disrepairs', { description: 'Не печатает', request_kind_id: 'abc', common_disrepair_tool_kinds: ['a'] }],
    ] as const) {
      const messages = messagesOf(() => parseOrThrow(catalog(name), input));
      expect(cyrillicOnly(messages), `${name}: ${JSON.stringify(messages)}`).toBe(true);
    }
  });

  it("a schema's own text for a type mismatch is kept", () => {
    expect(messagesOf(() => parseOrThrow(catalog('programs'), { title: 'СПО', version: '1' }))).toMatchObject({ type: 'Укажите тип программного обеспечения' });
  });
});
