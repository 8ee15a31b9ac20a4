import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { isDomainError } from '../../../domain/shared/errors';
import {
  boundedInt,
  date,
  enumOf,
  id,
  idList,
  money,
  nulPathOf,
  objectBody,
  optionalId,
  orNull,
  PG_INT_MAX,
  primitiveMessages,
  quickUnion,
  text,
} from '../../../domain/shared/primitives';
import { parseOrThrow, ruErrorMap } from '../../../domain/shared/validation';

/** The first message a schema gives for a value (with the platform's Russian error map), or null when it passes. */
const messageOf = (schema: z.ZodTypeAny, value: unknown): string | null => {
  const r = schema.safeParse(value, { errorMap: ruErrorMap });
  return r.success ? null : (r.error.issues[0]?.message ?? '');
};
const CYRILLIC = /[А-Яа-яЁё]/;

/** What every numeric primitive must refuse: past integer, huge, fractional, NaN-ish, wrong shapes. */
const poison: unknown[] = [PG_INT_MAX + 1, 1e308, -1e308, 1.5, Number.NaN, Infinity, '1e308', '2147483648', '\u0000', [1], { id: 1 }, true, ''];

describe('shared primitives (decisions 8, 13)', () => {
  describe('id', () => {
    it('accepts 1..2147483647 and digit strings', () => {
      expect(id().parse(1)).toBe(1);
      expect(id().parse(PG_INT_MAX)).toBe(PG_INT_MAX);
      expect(id().parse('42')).toBe(42);
      expect(id({ coerce: false }).safeParse('42').success).toBe(false);
    });

    it('refuses 0, negatives, 2147483648, 1e308, fractions, NUL, arrays and objects with a Russian message', () => {
      for (const v of [0, -1, ...poison]) expect(messageOf(id(), v), String(v)).toBe(primitiveMessages.id);
      expect(messageOf(id({ message: 'Укажите организацию' }), PG_INT_MAX + 1)).toBe('Укажите организацию');
    });

    it('every value it accepts fits a PostgreSQL integer (property)', () => {
      fc.assert(
        fc.property(fc.oneof(fc.double(), fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.string(), fc.constantFrom(PG_INT_MAX, PG_INT_MAX + 1, 1e308, 0)), (v) => {
          const r = id().safeParse(v);
          if (r.success) expect(Number.isInteger(r.data) && r.data >= 1 && r.data <= PG_INT_MAX).toBe(true);
        }),
        { numRuns: 2000 },
      );
    });

    it('optionalId reads null, undefined and empty as null', () => {
      const schema = optionalId();
      expect(schema.parse(null)).toBeNull();
      expect(schema.parse(undefined)).toBeNull();
      expect(schema.parse('')).toBeNull();
      expect(schema.parse('7')).toBe(7);
      expect(messageOf(schema, PG_INT_MAX + 1)).toBe(primitiveMessages.id);
      expect(messageOf(schema, 1e308)).toBe(primitiveMessages.id);
      expect(messageOf(schema, 'abc')).toBe(primitiveMessages.id);
    });
  });

  describe('idList', () => {
    it('accepts ids, refuses one id out of range, a scalar or a too long list', () => {
      expect(idList().parse([1, '2', PG_INT_MAX])).toEqual([1, 2, PG_INT_MAX]);
      expect(messageOf(idList(), [1, PG_INT_MAX + 1])).toBe(primitiveMessages.id);
      expect(messageOf(idList(), [1e308])).toBe(primitiveMessages.id);
      expect(messageOf(idList(), 5)).toBe(primitiveMessages.idList);
      expect(messageOf(idList(), { 0: 1 })).toBe(primitiveMessages.idList);
      expect(messageOf(idList({ max: 3 }), [1, 2, 3, 4])).toBe(primitiveMessages.idListTooLong);
    });
  });

  describe('boundedInt and enumOf', () => {
    it('boundedInt accepts its bounds and refuses past them, fractions and non-numbers', () => {
      const year = boundedInt(1900, 2999);
      expect(year.parse(1900)).toBe(1900);
      expect(year.parse(2999)).toBe(2999);
      expect(messageOf(year, 1899)).toBe('Число от 1900 до 2999');
      expect(messageOf(year, 3000)).toBe('Число от 1900 до 2999');
      expect(messageOf(year, 2000.5)).toBe(primitiveMessages.integer);
      expect(messageOf(year, '2000')).toBe(primitiveMessages.integer);
      expect(boundedInt(1900, 2999, { coerce: true }).parse('2000')).toBe(2000);
      for (const v of poison) expect(messageOf(boundedInt(0, PG_INT_MAX), v), String(v)).toEqual(expect.stringMatching(CYRILLIC));
    });

    it('enumOf accepts only the listed values: unknown kinds 6 and 999 are refused', () => {
      const kind = enumOf([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12], 'Укажите тип заявки');
      expect(kind.parse(7)).toBe(7);
      for (const v of [6, 999, 0, 1.5, 1e308, '1', null, [1]]) expect(messageOf(kind, v), String(v)).toBe('Укажите тип заявки');
      expect(enumOf([1, 2], 'Укажите тип', { coerce: true }).parse('2')).toBe(2);
    });
  });

  describe('money', () => {
    it('accepts 0..999 999 999 999.99 with at most two decimals', () => {
      for (const v of [0, 0.01, 10.5, 999_999_999_999.99, 123]) expect(money().parse(v)).toBe(v);
    });

    it('refuses negatives, more than two decimals, too large amounts and non-numbers', () => {
      expect(messageOf(money(), -1)).toBe(primitiveMessages.moneyNegative);
      expect(messageOf(money({ negativeMessage: 'Стоимость не может быть отрицательной' }), -0.5)).toBe('Стоимость не может быть отрицательной');
      expect(messageOf(money(), 1.005)).toBe(primitiveMessages.moneyDecimals);
      expect(messageOf(money(), 1e13)).toBe(primitiveMessages.moneyMax);
      expect(messageOf(money(), 1e308)).toBe(primitiveMessages.moneyMax);
      for (const v of ['12', '\u0000', [1], { a: 1 }, Number.NaN]) expect(messageOf(money(), v), String(v)).toBe(primitiveMessages.money);
    });

    it('every amount it accepts fits numeric(14,2) (property)', () => {
      fc.assert(
        fc.property(fc.double({ noNaN: true }), (v) => {
          const r = money().safeParse(v);
          if (r.success) expect(r.data >= 0 && r.data <= 999_999_999_999.99 && Math.abs(Math.round(r.data * 100) - r.data * 100) < 1e-6).toBe(true);
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe('text', () => {
    it('accepts up to max characters, refuses longer, NUL and non-strings', () => {
      expect(text(5).parse('abcde')).toBe('abcde');
      expect(messageOf(text(5), 'abcdef')).toBe('Не более 5 символов');
      expect(messageOf(text(5, 'Значение от 1 до 5 символов'), 'abcdef')).toBe('Значение от 1 до 5 символов');
      expect(messageOf(text(50), 'a\u0000b')).toBe(primitiveMessages.nul);
    });

    it('refuses a lone surrogate (jsonb cannot store it) and keeps pairs', () => {
      for (const v of ['\ud800', 'a\udc00', '\ud83dx']) expect(messageOf(text(50), v), JSON.stringify(v)).toBe(primitiveMessages.nul);
      expect(text(50).parse('a\ud83d\ude00b')).toBe('a\ud83d\ude00b');
      for (const v of [1, [1], { a: 1 }, true]) expect(messageOf(text(50), v), String(v)).toBe(primitiveMessages.text);
    });
  });

  describe('date', () => {
    it('accepts real days of 1900..2999 as dates or timestamps', () => {
      for (const v of ['1900-01-01', '2999-12-31', '2024-02-29', '2026-03-01T10:20:30.123Z', '2026-03-01T10:20:30+03:00', '2026-03-01 10:20'])
        expect(date().parse(v)).toBe(v);
    });

    it('refuses impossible days, years out of range, garbage and NUL', () => {
      for (const v of ['2023-02-29', '2026-13-01', '2026-00-10', '2026-01-01garbage', '01.02.2026', '2026-01-01T25:00', '2026-01-01\u0000'])
        expect(messageOf(date(), v), v).toBe(primitiveMessages.date);
      for (const v of ['0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) expect(messageOf(date(), v), v).toBe(primitiveMessages.dateRange);
      for (const v of [20260101, [1], { y: 2026 }]) expect(messageOf(date(), v), String(v)).toBe(primitiveMessages.date);
    });
  });

  describe('object bodies and NUL', () => {
    it('objectBody refuses arrays, scalars and null with a Russian 400', () => {
      expect(objectBody({ a: 1 })).toEqual({ a: 1 });
      for (const v of [[1, 2], 'x', 5, null, true]) {
        const e = (() => {
          try {
            objectBody(v);
          } catch (error) {
            return error;
          }
          return null;
        })();
        expect(isDomainError(e) && e.kind === 'invalid' && e.message).toBe(primitiveMessages.body);
      }
    });

    it('parseOrThrow refuses an array or a scalar where an object is due, and NUL anywhere, before the schema', () => {
      const schema = z.object({ title: z.string(), tags: z.array(z.string()).optional() });
      expect(() => parseOrThrow(schema, [1])).toThrowError(primitiveMessages.body);
      expect(() => parseOrThrow(schema, 'x')).toThrowError(primitiveMessages.body);
      expect(() => parseOrThrow(schema, { title: 'a', tags: ['b\u0000'] })).toThrowError(primitiveMessages.nul);
      expect(() => parseOrThrow(z.record(z.unknown()), { ['k\u0000']: 1 })).toThrowError(primitiveMessages.nul);
      expect(nulPathOf({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
      expect(nulPathOf({ a: ['ok'] })).toBeNull();
    });
  });

  describe('quickUnion', () => {
    // Option sets as the schemas use them: a literal or null before a schema with checks, coercion,
    // a refinement and a transform, and two plain types where the second must win.
    const optionSets = (): Array<Readonly<[z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]]>> => [
      [z.literal(''), text(5, 'Не более 5')],
      [z.null(), z.literal(''), id({ message: 'Неверный номер', coerce: true })],
      [z.literal(''), date().refine((v) => v.length === 10, 'Только дата').transform((v) => `${v}!`)],
      [z.number(), z.string().min(2, 'Коротко')],
      [enumOf([1, 2], 'Один или два'), z.literal(3)],
    ];
    /** Issues as data: a ZodError (also inside an invalid_union issue) carries per-instance functions. */
    const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (_k, v: unknown) => (v instanceof z.ZodError ? { issues: v.issues } : v)) ?? 'null');
    const value = fc.oneof(
      fc.constantFrom<unknown>(null, undefined, '', '0', '12', '2024-02-30', '2024-02-03', '2024-02-03T10:00', 3, 2, 1.5, '\u0000', 'abcdefg'),
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.integer(), { maxLength: 2 }),
    );

    it('accepts, gives and refuses exactly what z.union does, with the same issues', () => {
      const pairs = optionSets().map((options, i) => [z.union(options, { errorMap: () => ({ message: `союз ${i}` }) }), quickUnion(options, { errorMap: () => ({ message: `союз ${i}` }) })] as const);
      fc.assert(
        fc.property(value, (v) => {
          for (const [zods, quick] of pairs) {
            const a = z.object({ f: zods }).safeParse({ f: v }, { errorMap: ruErrorMap });
            const b = z.object({ f: quick }).safeParse({ f: v }, { errorMap: ruErrorMap });
            expect(b.success).toBe(a.success);
            if (a.success && b.success) expect(b.data).toEqual(a.data);
            if (!a.success && !b.success) expect(plain(b.error.issues)).toEqual(plain(a.error.issues));
          }
        }),
        { numRuns: 500 },
      );
    });

    it('in an asynchronous parse too', async () => {
      const [options] = optionSets();
      for (const v of ['', 'abc', 'abcdefgh', 7]) {
        const a = await z.union(options!).safeParseAsync(v);
        const b = await quickUnion(options!).safeParseAsync(v);
        expect(plain(b)).toEqual(plain(a));
      }
    });

    it('orNull: null, undefined and empty give null; a value its schema refuses gives the message', () => {
      const s = orNull(id({ coerce: true }), 'Укажите номер');
      expect([null, undefined, '', '7', 7].map((v) => s.safeParse(v).data)).toEqual([null, null, null, 7, 7]);
      expect(messageOf(s, 'семь')).toBe('Укажите номер');
      expect(messageOf(s, { id: 1 })).toBe('Укажите номер');
    });
  });
});
