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
