import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';

/**
 * The real server as `npm start` runs it (scripts/server-node-args.mjs), in its own process on the
 * benchmark database, so the exports' memory is that process's own resident set.
 */
export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

const freePort = (preferred: number): Promise<number> =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(freePort(preferred + 1)));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(preferred)));
  });

export const startServerProcess = async (databaseUrl: string, options: { port: number; logFile: string; env?: Record<string, string> }): Promise<ServerProcess> => {
  const port = await freePort(options.port);
  const log = createWriteStream(options.logFile);
  // Profiling the server under the benchmark: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...serverNodeArgs()], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A machine shared by many sessions may need longer to load the server's code (BENCH_SERVER_START_S).
  const startSeconds = Number(process.env.BENCH_SERVER_START_S) || 180;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${options.logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health in ${startSeconds} s; see ${options.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
};

const statusField = (pid: number, field: string): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
};

/** Resident set of a process now (bytes). */
export const rssOf = (pid: number) => statusField(pid, 'VmRSS');

/**
 * Follows a process's peak resident set during `work`: the kernel's own high-water mark (reset first
 * through /proc/pid/clear_refs) and samples every 10 ms, whichever is higher.
 */
export const peakRssDuring = async <T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number; before: number }> => {
  let reset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    reset = true;
  } catch {
    /* not allowed here: sampling only */
  }
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      /* gone */
    }
  }, 10);
  try {
    const result = await work();
    if (reset) peak = Math.max(peak, statusField(pid, 'VmHWM'));
    return { result, peak, before };
  } finally {
    clearInterval(timer);
  }
};
