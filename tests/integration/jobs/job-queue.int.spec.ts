import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullJobQueue, type JobBackend } from '../../../api/jobs/bullmq-queue';
import { silentLogger } from '../../../infrastructure/logger';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { redisUrl } from '../../support/services';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

const backends: Array<[string, () => JobBackend]> = [
  ['Redis', () => ({ kind: 'redis', url: redisUrl })],
  ['PostgreSQL', () => ({ kind: 'postgres', url: db.url })],
];

describe.each(backends)('jobs on BullMQ with %s', (_name, backend) => {
  it('runs a job once per id, retries failures with backoff and shows failed jobs', async () => {
    const queueName = `test-${Math.random().toString(36).slice(2)}`;
    const jobs = new BullJobQueue(backend(), silentLogger, queueName);
    try {
      const runs: string[] = [];
      let flakyAttempts = 0;
      jobs.register('record', async (data) => {
        runs.push((data as { n: string }).n);
      });
      jobs.register('flaky', async () => {
        flakyAttempts += 1;
        if (flakyAttempts < 2) throw new Error('temporary outage');
        return 'ok';
      });
      jobs.register('broken', async () => {
        throw new Error('Почтовый сервер недоступен');
      });
      await jobs.startWorker(2);

      await jobs.enqueue('record', { n: 'a' }, { jobId: 'record:stream-1@0' });
      await jobs.enqueue('record', { n: 'a-again' }, { jobId: 'record:stream-1@0' });
      await jobs.enqueue('record', { n: 'b' }, { jobId: 'record:stream-1@1' });
      await jobs.enqueue('flaky', {}, { jobId: 'flaky:1', attempts: 3 });
      await jobs.enqueue('broken', {}, { jobId: 'broken:1', attempts: 2 });

      await until(async () => runs.length >= 2 && flakyAttempts >= 2 && (await jobs.list(['failed'])).length >= 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(runs.sort()).toEqual(['a', 'b']);
      expect(flakyAttempts).toBe(2);
      const failed = await jobs.list(['failed']);
      expect(failed.map((j) => [j.name, j.failedReason, j.attempts])).toEqual([['broken', 'Почтовый сервер недоступен', 2]]);
      const counts = await jobs.counts();
      expect(counts.failed).toBe(1);
      expect(counts.completed).toBe(3);
    } finally {
      await jobs.close();
    }
  });
});
