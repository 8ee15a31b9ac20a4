import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccessLevel, RightValue, allRights, combineAccessLevel, combineRights, hasRight, rightsCatalog, scopeIncludes, unitScope, validateRightsObject } from '../../../../domain/rights';

const { READ, FULL, OWN, ALL } = RightValue;

describe('rights catalogue', () => {
  it('names every right once, with a Russian title, a category and allowed values', () => {
    const keys = rightsCatalog.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of rightsCatalog) {
      expect(r.title).toMatch(/[А-Яа-я]/);
      expect(r.category).toMatch(/[А-Яа-я]/);
      expect(r.values.length).toBeGreaterThan(0);
      expect(r.values.every((v) => [READ, FULL, OWN, ALL].includes(v))).toBe(true);
    }
    // The OWN/ALL rights of the spec.
    for (const k of ['RIGHT_REQUEST_READ', 'RIGHT_REQUEST_CREATE', 'RIGHT_TOOLS_READ'])
      expect(rightsCatalog.find((r) => r.key === k)?.values).toEqual([OWN, ALL]);
  });

  it('validates a role rights object against the catalogue', () => {
    expect(validateRightsObject({ RIGHT_REQUEST_READ: 4, RIGHT_POSTS: 2, RIGHT_ZIP: 0 })).toEqual({ ok: true, value: { RIGHT_REQUEST_READ: 4, RIGHT_POSTS: 2 } });
    expect(validateRightsObject({ RIGHT_POSTS: 4 })).toEqual({ ok: false, message: 'Недопустимое значение права «Должности»' });
    expect(validateRightsObject({ RIGHT_UNKNOWN: 2 })).toEqual({ ok: false, message: 'Неизвестное право: RIGHT_UNKNOWN' });
    expect(validateRightsObject(allRights()).ok).toBe(true);
  });
});

describe('combining roles', () => {
  const role = fc.record({
    access_level: fc.integer({ min: 1, max: 4 }),
    rightsObject: fc.dictionary(fc.constantFrom(...rightsCatalog.map((r) => r.key)), fc.constantFrom(READ, FULL, OWN, ALL)),
  });

  it('a user holds a bit exactly when one of their roles holds it, and their level is the highest', () => {
    fc.assert(
      fc.property(fc.array(role, { maxLength: 5 }), (roles) => {
        const rights = combineRights(roles);
        for (const r of rightsCatalog)
          for (const bit of [READ, FULL, OWN, ALL])
            expect(hasRight(rights, r.key, bit)).toBe(roles.some((x) => ((x.rightsObject[r.key] ?? 0) & bit) !== 0));
        expect(combineAccessLevel(roles)).toBe(Math.max(AccessLevel.OWN, ...roles.map((x) => x.access_level)));
      }),
    );
  });

  it('order of roles does not matter', () => {
    fc.assert(
      fc.property(fc.array(role, { maxLength: 5 }), (roles) => {
        expect(combineRights([...roles].reverse())).toEqual(combineRights(roles));
      }),
    );
  });
});

describe('unit scope', () => {
  it('given ALL, every unit is in scope', () => {
    const scope = unitScope({ rights: { RIGHT_REQUEST_READ: ALL }, unitIds: [1], hostUnitIds: [] }, 'RIGHT_REQUEST_READ');
    expect(scope).toEqual({ all: true });
    expect(scopeIncludes(scope, 999)).toBe(true);
  });
  it('given OWN, the own units plus the host organisation units', () => {
    const scope = unitScope({ rights: { RIGHT_REQUEST_READ: OWN }, unitIds: [1, 2], hostUnitIds: [2, 5] }, 'RIGHT_REQUEST_READ');
    expect(scope).toEqual({ all: false, unitIds: [1, 2, 5] });
    expect(scopeIncludes(scope, 5)).toBe(true);
    expect(scopeIncludes(scope, 3)).toBe(false);
  });
  it('given no right, nothing', () => {
    expect(unitScope({ rights: {}, unitIds: [1], hostUnitIds: [] }, 'RIGHT_REQUEST_READ')).toEqual({ all: false, unitIds: [] });
  });
});
