import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../../infrastructure/map-limit';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapLimit', () => {
  it('keeps the items order in its results and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++running);
      await tick(n);
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('after a failure starts no item, lets the running ones finish, then throws the failure', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = mapLimit([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('first failed');
      await tick(20);
      finished.push(n);
    });
    await expect(run).rejects.toThrow('first failed');
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([2]);
  });
});
