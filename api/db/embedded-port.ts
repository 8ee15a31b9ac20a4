import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The embedded PostgreSQL's port, one per data folder: the first free one from 54329 on, remembered in
 * DATA_DIR/postgres.port so a restart (and `npm run projections:rebuild`) finds the same one, while a
 * second installation on the machine takes the next free port instead of colliding.
 */
export const FIRST_PORT = 54329;
const LAST_PORT = FIRST_PORT + 200;

export const portFile = (dataDir: string) => path.join(dataDir, 'postgres.port');

export const rememberedPort = (dataDir: string): number | null => {
  if (!existsSync(portFile(dataDir))) return null;
  const port = Number(readFileSync(portFile(dataDir), 'utf8').trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
};

export const rememberPort = (dataDir: string, port: number) => {
  if (rememberedPort(dataDir) !== port) writeFileSync(portFile(dataDir), `${port}\n`);
};

/** Whether nothing listens on 127.0.0.1:port (the only address the embedded PostgreSQL listens on). */
export const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });

/** Ports to try in order: the remembered one, then the range; `skip` holds ports that already failed. */
export const nextFreePort = async (dataDir: string, skip: ReadonlySet<number>): Promise<number | null> => {
  const remembered = rememberedPort(dataDir);
  const order = remembered ? [remembered] : [];
  for (let p = FIRST_PORT; p <= LAST_PORT; p++) if (p !== remembered) order.push(p);
  for (const port of order) if (!skip.has(port) && (await portIsFree(port))) return port;
  return null;
};
