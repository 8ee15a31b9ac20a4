import { describe, expect, it } from 'vitest';
import { connectionBudgetOf, loadConfig } from '../../../api/config';
import { REPORT_CHILDREN, connectionBudget, connectionsOf, defaultPgPoolMax, leastPgPoolMax, type BudgetMode } from '../../../api/db/connection-budget';

const modes: BudgetMode[] = [
  { readSide: 'inline', redis: false },
  { readSide: 'inline', redis: true },
  { readSide: 'worker', redis: false },
  { readSide: 'worker', redis: true },
];

describe('PG_POOL_MAX: the connections of one process shared out among its pools', () => {
  it('never allows more than PG_POOL_MAX, every pool at least one connection, the big ones at least two', () => {
    for (const mode of modes)
      for (let max = 1; max <= 200; max++) {
        let b;
        try {
          b = connectionBudget(max, mode);
        } catch (error) {
          expect((error as Error).message).toMatch(new RegExp(`^PG_POOL_MAX=${max}: слишком мало соединений для этого режима, нужно не меньше \\d+$`));
          continue;
        }
        expect(connectionsOf(b)).toBe(max);
        expect(b.server).toBeGreaterThanOrEqual(2);
        if (mode.readSide === 'worker') expect(b.readSide).toBeGreaterThanOrEqual(2);
        else expect(b.readSide).toBe(0);
        expect(b.deferredWrites).toBeGreaterThanOrEqual(1);
        expect(b.reportChild).toBeGreaterThanOrEqual(1);
        for (const pool of [b.jobsQueue, b.jobsWorker, b.reportsQueue, b.reportsWorker]) if (mode.redis) expect(pool).toBe(0);
        else expect(pool).toBeGreaterThanOrEqual(1);
        expect(b.readSideJobsQueue).toBe(mode.readSide === 'worker' && !mode.redis ? Math.max(1, b.readSideJobsQueue) : 0);

      }
  });

  it('names the least that works, and that least works', () => {
    for (const mode of modes) {
      const least = leastPgPoolMax(mode);
      expect(() => connectionBudget(least - 1, mode)).toThrow(`PG_POOL_MAX=${least - 1}: слишком мало соединений для этого режима, нужно не меньше ${least}`);
      expect(connectionsOf(connectionBudget(least, mode))).toBe(least);
    }
    expect(modes.map(leastPgPoolMax)).toEqual([12, 6, 16, 9]);
  });

  it('unset, keeps the pools as they were: the server 20, the read side thread 12, deferred writes 4, BullMQ 4 and 2, report children 2 × 2', () => {
    for (const mode of modes) {
      const b = connectionBudget(defaultPgPoolMax(mode), mode);
      expect(b.server).toBe(20);
      expect(b.readSide).toBe(mode.readSide === 'worker' ? 12 : 0);
      expect(b.deferredWrites).toBe(4);
      expect([b.jobsQueue, b.jobsWorker, b.reportsQueue, b.reportsWorker]).toEqual(mode.redis ? [0, 0, 0, 0] : [4, 4, 2, 2]);
      expect(b.readSideJobsQueue).toBe(mode.readSide === 'worker' && !mode.redis ? 4 : 0);
      expect(REPORT_CHILDREN * b.reportChild).toBe(4);
    }
    expect(loadConfig({}).pgPoolMax).toBe(43);
    expect(loadConfig({ REDIS_URL: 'redis://x' }).pgPoolMax).toBe(29);
    expect(loadConfig({ READ_SIDE: 'worker' }).pgPoolMax).toBe(60);
  });

  it('reads PG_POOL_MAX and refuses what is not a number of connections or too few for the mode', () => {
    expect(connectionBudgetOf(loadConfig({ PG_POOL_MAX: '14' })).server).toBe(4);
    expect(() => loadConfig({ PG_POOL_MAX: 'много' })).toThrow('PG_POOL_MAX=много: нужно целое число соединений');
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow('PG_POOL_MAX=0: нужно целое число соединений');
    expect(() => loadConfig({ PG_POOL_MAX: '5' })).toThrow('PG_POOL_MAX=5: слишком мало соединений для этого режима, нужно не меньше 12');
    expect(() => loadConfig({ PG_POOL_MAX: '14', READ_SIDE: 'worker' })).toThrow('нужно не меньше 16');
  });
});
