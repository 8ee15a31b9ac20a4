import { describe, expect, it } from 'vitest';
import { SigninBusy, SigninQueue } from '../../../api/auth/signin-queue';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('sign-in queue', () => {
  it('refuses a burst from one address beyond its share at once, before its check runs, and lets other addresses in', async () => {
    const queue = new SigninQueue({ total: 10, perAddress: 3 });
    const g = gate();
    let checks = 0;
    const slow = () => queue.run('10.0.0.1', async () => { checks++; await g.opened; return true; });
    const held = [slow(), slow(), slow()];
    const refused = await slow().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SigninBusy);
    expect((refused as SigninBusy).scope).toBe('address');
    expect((refused as SigninBusy).message).toBe('Слишком много одновременных попыток входа с этого адреса. Повторите через несколько секунд.');
    expect((refused as SigninBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(checks).toBe(3);
    await expect(queue.run('10.0.0.2', async () => 'other')).resolves.toBe('other');
    g.open();
    await Promise.all(held);
    // Freed: the address may sign in again.
    await expect(queue.run('10.0.0.1', async () => 'again')).resolves.toBe('again');
  });

  it('refuses everyone once the queue is full, and admits again as it drains', async () => {
    const queue = new SigninQueue({ total: 4, perAddress: 4 });
    const g = gate();
    const held = ['a', 'b', 'c', 'd'].map((a) => queue.run(a, () => g.opened));
    const refused = await queue.run('e', async () => 0).catch((e: unknown) => e);
    expect((refused as SigninBusy).scope).toBe('server');
    expect((refused as SigninBusy).message).toBe('Сервер занят: много одновременных входов. Повторите через несколько секунд.');
    g.open();
    await Promise.all(held);
    await expect(queue.run('e', async () => 1)).resolves.toBe(1);
  });

  it('a check that throws gives its place back', async () => {
    const queue = new SigninQueue({ total: 1, perAddress: 1 });
    await expect(queue.run('a', async () => { throw new Error('db down'); })).rejects.toThrow('db down');
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });
});
