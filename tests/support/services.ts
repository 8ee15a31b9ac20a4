import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';

/**
 * Development and CI machines run PostgreSQL and Redis; when one is down the tests start it
 * with the same commands the guide gives, instead of failing on a missing service.
 */
const portOpen = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });

const waitForPort = async (port: number, what: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start on port ${port}`);
};

export const ensurePostgres = async () => {
  if (await portOpen(5432)) return;
  if (!existsSync('/etc/postgresql')) throw new Error('PostgreSQL is not running on 127.0.0.1:5432 and is not installed');
  const version = readdirSync('/etc/postgresql')[0];
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'inherit' });
  await waitForPort(5432, 'PostgreSQL');
};

export const ensureRedis = async () => {
  if (await portOpen(6379)) return;
  execSync('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no', { stdio: 'inherit' });
  await waitForPort(6379, 'Redis');
};

export const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
