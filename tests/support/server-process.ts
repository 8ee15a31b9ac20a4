import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** `npm start`'s server (api/main.ts) as a child process, its output kept. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly base: string;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  readonly exit: Promise<number | null>;
}

const root = path.resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Starts api/main.ts with `env` over a clean environment (no DATABASE_URL, REDIS_URL... unless given). */
export const startServerProcess = (port: number, env: NodeJS.ProcessEnv): ServerProcess => {
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'SMTP_URL', 'FILES_DIR', 'EMBEDDED_PG_PORT', 'TOKEN_SECRET', 'JOBS_QUEUE']) if (!(key in env)) delete full[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { cwd: root, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => text, exit };
};

/** Waits until the server says it runs; throws with its output when it exits or the time is up. */
export const serverReady = async (s: ServerProcess, ms = 300_000) => {
  const deadline = Date.now() + ms;
  let gone = false;
  void s.exit.then(() => (gone = true));
  while (!gone && Date.now() < deadline && !s.output().includes('работает: http')) await new Promise((r) => setTimeout(r, 250));
  if (!s.output().includes('работает: http')) throw new Error(`the server on port ${s.port} did not start:\n${s.output()}`);
};

export const stopServerProcess = async (s: ServerProcess) => {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 30_000);
  await s.exit;
  clearTimeout(timer);
};
