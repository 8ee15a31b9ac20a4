import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPosition, parsePosition } from '../../../api/consistency';

describe('log position header', () => {
  it('reads back what it wrote', () =>
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (commit, prepare) => {
        expect(parsePosition(formatPosition({ commit, prepare }))).toEqual({ commit, prepare });
      }),
    ));

  it('ignores anything else: absent, malformed, out of range', () => {
    for (const bad of [undefined, '', '12', '1.2.3', '-1.2', '1.-2', 'a.b', ' 1.2', '1.2 ', `${2n ** 63n}.1`, '1'.repeat(21) + '.1', ['1.2']])
      expect(parsePosition(bad), String(bad)).toBeNull();
  });
});
