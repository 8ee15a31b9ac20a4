import { Redis } from 'ioredis';
import net from 'node:net';

/**
 * Whether host:port can be listened on now. Port 0 (any) always can. Other errors than "in use"
 * (EACCES, a foreign address) count as free here: listen() itself then fails with its own error.
 */
export const portIsFreeOn = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (port === 0) return resolve(true);
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code !== 'EADDRINUSE'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });

/**
 * Whether Redis at `url` answers a PING within a few seconds. BullMQ itself would retry for ever and
 * print a stack per attempt, so a wrong REDIS_URL is caught here, before the database starts.
 */
export const redisAnswers = async (url: string): Promise<boolean> => {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
};
