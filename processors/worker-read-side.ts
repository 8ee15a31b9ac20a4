import { Worker } from 'node:worker_threads';
import type { Position } from '../infrastructure/eventstore/port';
import type { Logger } from '../infrastructure/logger';
import { WakeUp } from '../infrastructure/wake-up';
import type { ProjectionStatus } from './processor-state';
import { statusOf, waitForPosition, type ProcessorSnapshot, type ReadSide } from './read-side';
import type { FromWorker, ToWorker, WorkerSpec } from './worker-thread';

const ENTRY = new URL('./read-side-worker.mjs', import.meta.url);
/** Restarts after a crash wait this long, doubling up to a minute (a crash loop must not spin). */
const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;
/** How long a clean stop may take before the worker is terminated (its checkpoints are then a batch behind). */
const CLOSE_TIMEOUT_MS = 30_000;

/**
 * READ_SIDE=worker: the projection runner and the reactions run in a worker thread, so the
 * server's event loop only serves calls and the read side uses another core. This is the server's
 * side: it answers waits, versions and status from what the worker last reported (each report
 * carries every processor's checkpoint, health and version at once, so a wait that sees a position
 * also sees the versions that position changed), and forwards start/stop/catch-up to the worker.
 *
 * A worker that dies is logged as an error, its processors show as failed (health answers 503),
 * and it is started again after a growing delay; a worker that cannot start fails the server's start.
 */
export class WorkerReadSide implements ReadSide {
  private worker: Worker | null = null;
  private processors: ProcessorSnapshot[] = [];
  /** Versions as this process counts them: they only grow, also across restarts of the worker. */
  private readonly versions = new Map<string, { seen: number; local: number }>();
  private readonly advanced = new WakeUp();
  private readonly calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextCall = 1;
  private closing = false;
  private restartMs = FIRST_RESTART_MS;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly spec: WorkerSpec,
    private readonly log: Logger,
  ) {}

  /** Starts the worker and resolves when its runner is prepared and running. */
  async open(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(ENTRY, { workerData: { readSide: this.spec } });
      this.worker = worker;
      let ready = false;
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          ready = true;
          this.restartMs = FIRST_RESTART_MS;
          this.apply(m.processors);
          resolve();
        } else this.receive(m);
      });
      worker.on('error', (error) => {
        if (!ready) reject(error);
        else this.log.error({ err: error.message, stack: error.stack }, `read side worker failed: ${error.message}`);
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = null;
        if (!ready) reject(new Error(`read side worker exited with code ${code} before it was ready`));
        else this.exited(code);
      });
    });
  }

  private receive(m: FromWorker): void {
    if (m.type === 'state') this.apply(m.processors);
    else if (m.type === 'log') this.log[m.level](m.obj, m.msg);
    else if (m.type === 'reply') {
      const call = this.calls.get(m.id);
      this.calls.delete(m.id);
      if (m.error !== undefined) call?.reject(new Error(m.error));
      else call?.resolve(m.value);
    }
  }

  private apply(processors: ProcessorSnapshot[]): void {
    for (const p of processors) {
      const v = this.versions.get(p.name);
      if (!v) this.versions.set(p.name, { seen: p.version, local: 1 });
      else if (v.seen !== p.version) this.versions.set(p.name, { seen: p.version, local: v.local + 1 });
    }
    this.processors = processors;
    this.advanced.wake();
  }

  private exited(code: number): void {
    for (const call of this.calls.values()) call.reject(new Error('read side worker stopped'));
    this.calls.clear();
    if (this.closing) return;
    // Health shows this text to operators (in Russian, as its other messages).
    const error = `поток обработки проекций завершился (код ${code}), перезапуск`;
    this.log.error({ code, restartInMs: this.restartMs }, `read side worker exited (code ${code}): the read models are not updated until it is restarted`);
    // Until the new worker reports, every processor shows the failure (health answers 503).
    this.apply(this.processors.map((p) => ({ ...p, status: 'failed', error })));
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      // Whatever the old worker cached is stale: the new one counts its versions from 0 again.
      for (const v of this.versions.values()) v.seen = -1;
      this.open().catch((e: unknown) => {
        this.log.error({ err: e instanceof Error ? e.message : String(e) }, 'read side worker could not be restarted');
        this.exited(1);
      });
    }, this.restartMs);
    this.restartMs = Math.min(this.restartMs * 2, MAX_RESTART_MS);
  }

  private call(method: Extract<ToWorker, { type: 'call' }>['method'], args: unknown[]): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('read side worker is not running'));
    const id = this.nextCall++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      worker.postMessage({ type: 'call', id, method, args } satisfies ToWorker);
    });
  }

  version(name: string): number {
    return this.versions.get(name)?.local ?? 0;
  }

  waitFor(position: Position, timeoutMs = 5000, names?: readonly string[]): Promise<boolean> {
    const wanted = names ?? this.projectionNames();
    return waitForPosition(() => this.processors.filter((p) => wanted.includes(p.name)), this.advanced, position, timeoutMs);
  }

  status(): ProjectionStatus[] {
    return this.processors.map(statusOf);
  }

  projectionNames(): string[] {
    return this.processors.filter((p) => p.kind === 'projection').map((p) => p.name);
  }

  start(names?: readonly string[]): void {
    this.call('start', names ? [[...names]] : []).catch((e: unknown) => this.log.error({ err: e instanceof Error ? e.message : String(e) }, 'read side worker: start failed'));
  }

  async stop(): Promise<void> {
    await this.call('stop', []);
  }

  async catchUp(name: string): Promise<number> {
    return (await this.call('catchUp', [name])) as number;
  }

  /** Ends the thread at once, as a crash would (tests of the restart). */
  async kill(): Promise<void> {
    await this.worker?.terminate();
  }

  /** Stops the runner (its checkpoints stored), closes the worker's connections and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies ToWorker);
    const timer = setTimeout(() => {
      this.log.error({}, `read side worker did not stop in ${CLOSE_TIMEOUT_MS / 1000} s: terminated`);
      void worker.terminate();
    }, CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
