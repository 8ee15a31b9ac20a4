import { parentPort, workerData } from 'node:worker_threads';
import type { Logger } from '../infrastructure/logger';
import type { ProcessorSnapshot } from './read-side';
import type { ProjectionRunner } from './runner';
import { installServerTricks } from '../infrastructure/perf/install';

// The read side's thread loads its own copies of the libraries: the patches of infrastructure/perf again.
installServerTricks();

/** What the factory named in WorkerSpec builds inside the worker. */
export interface WorkerParts {
  readonly runner: ProjectionRunner;
  /** Closes what the factory opened (pool, event store, job queue client), after the runner stopped. */
  close(): Promise<void>;
}

/** Which module builds the read side in the worker, and its (structured-clonable) options. */
export interface WorkerSpec {
  readonly module: string;
  readonly factory: string;
  readonly options: unknown;
}

export type ToWorker = { type: 'call'; id: number; method: 'start' | 'stop' | 'catchUp'; args: unknown[] } | { type: 'close' };

export type FromWorker =
  | { type: 'ready'; processors: ProcessorSnapshot[] }
  | { type: 'state'; processors: ProcessorSnapshot[] }
  | { type: 'reply'; id: number; value?: unknown; error?: string }
  | { type: 'log'; level: keyof Logger; obj: object; msg: string | undefined };

/**
 * The worker's side: builds the runner, prepares and starts it, reports every move of its
 * processors to the server (checkpoints, health, versions) and answers the server's calls. A
 * failure to build or prepare ends the worker with the error (the server's start then fails).
 */
const serve = async (spec: WorkerSpec): Promise<void> => {
  const port = parentPort!;
  const post = (m: FromWorker) => port.postMessage(m);
  // Log lines go to the server's logger: one place decides where they are written.
  const line = (level: keyof Logger) => (obj: object, msg?: string) => post({ type: 'log', level, obj: cloneable(obj), msg });
  const log: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
  const mod = (await import(spec.module)) as Record<string, (options: unknown, log: Logger) => Promise<WorkerParts>>;
  const parts = await mod[spec.factory]!(spec.options, log);
  const { runner } = parts;
  await runner.prepare();
  // Moves that happen in one turn of the event loop are reported once.
  let pending = false;
  runner.onAdvance(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      post({ type: 'state', processors: runner.snapshot() });
    });
  });
  runner.start();
  post({ type: 'ready', processors: runner.snapshot() });

  port.on('message', (m: ToWorker) => {
    if (m.type === 'close') {
      void (async () => {
        await runner.stop();
        await parts.close();
        // Ends this thread even if a library left a timer or socket behind (not the process).
        process.exit(0);
      })();
      return;
    }
    void (async () => {
      try {
        const value = m.method === 'start' ? runner.start(...(m.args as [string[]?])) : m.method === 'stop' ? await runner.stop() : await runner.catchUp(m.args[0] as string);
        post({ type: 'state', processors: runner.snapshot() });
        post({ type: 'reply', id: m.id, value });
      } catch (error) {
        post({ type: 'reply', id: m.id, error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
};

/** Log objects may hold errors or functions; what cannot be cloned is sent as text. */
const cloneable = (obj: object): object => {
  try {
    return structuredClone(obj);
  } catch {
    return JSON.parse(JSON.stringify(obj, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Error ? v.message : v))) as object;
  }
};

if (parentPort && (workerData as { readSide?: WorkerSpec } | null)?.readSide) await serve((workerData as { readSide: WorkerSpec }).readSide);
