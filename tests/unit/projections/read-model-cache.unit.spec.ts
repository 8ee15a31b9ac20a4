import { describe, expect, it } from 'vitest';
import { ReadModelCache } from '../../../infrastructure/read-model-cache';

const versions = () => {
  const v = new Map<string, number>();
  return { version: (name: string) => v.get(name) ?? 0, bump: (name: string) => v.set(name, (v.get(name) ?? 0) + 1) };
};

describe('ReadModelCache', () => {
  it('reads once while the projections it depends on do not change', async () => {
    const v = versions();
    const cache = new ReadModelCache(v);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get(['users'], 'k', load)).toBe(1);
    expect(await cache.get(['users'], 'k', load)).toBe(1);
    v.bump('catalog');
    expect(await cache.get(['users'], 'k', load)).toBe(1);
    v.bump('users');
    expect(await cache.get(['users'], 'k', load)).toBe(2);
  });

  it('a change that lands during a read leaves the entry stale', async () => {
    const v = versions();
    const cache = new ReadModelCache(v);
    let reads = 0;
    expect(
      await cache.get(['users'], 'k', async () => {
        v.bump('users');
        return ++reads;
      }),
    ).toBe(1);
    expect(await cache.get(['users'], 'k', async () => ++reads)).toBe(2);
  });

  it('getMany reads only the keys it does not hold, in one call, and remembers absent ones as null', async () => {
    const cache = new ReadModelCache(versions());
    const calls: number[][] = [];
    const load = async (missing: number[]) => {
      calls.push(missing);
      return new Map(missing.filter((k) => k !== 3).map((k) => [k, `v${k}`]));
    };
    expect([...(await cache.getMany(['users'], 'u', [1, 2, 3], load))]).toEqual([[1, 'v1'], [2, 'v2'], [3, null]]);
    expect([...(await cache.getMany(['users'], 'u', [2, 3, 4], load))]).toEqual([[2, 'v2'], [3, null], [4, 'v4']]);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps at most maxEntries, dropping the one read longest ago', async () => {
    const cache = new ReadModelCache(versions(), 2);
    let reads = 0;
    const load = async () => ++reads;
    await cache.get([], 'a', load);
    await cache.get([], 'b', load);
    await cache.get([], 'c', load);
    expect(await cache.get([], 'c', load)).toBe(3);
    expect(await cache.get([], 'a', load)).toBe(4);
  });
});
