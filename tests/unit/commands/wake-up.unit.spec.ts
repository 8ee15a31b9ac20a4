import { describe, expect, it } from 'vitest';
import { WakeUp } from '../../../infrastructure/wake-up';

describe('WakeUp', () => {
  it('given a waiter, a wake resolves it before its timeout', async () => {
    const w = new WakeUp();
    const started = Date.now();
    const waiting = w.wait(10_000);
    w.wake();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('given no wake, the wait ends at its timeout', async () => {
    const started = Date.now();
    await new WakeUp().wait(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('a wake with nobody waiting is not remembered', async () => {
    const w = new WakeUp();
    w.wake();
    const started = Date.now();
    await w.wait(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
