import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatHotlineAnswer } from '../domain/hotline/answer';

export type HotlineMode = 'ok' | '500' | 'timeout' | 'malformed' | 'refused' | 'slow';

export interface HotlineCall {
  readonly key: string;
  readonly body: Record<string, unknown>;
  readonly mode: HotlineMode;
}

export interface HotlineSimulatorOptions {
  /**
   * The number given to a registration: `n` is its place (1-based) in the process's one sequence
   * (shared by every simulator of the process, so a restarted or second simulator never gives a
   * number again); default `ГЛ-00001`, `ГЛ-00002`...
   */
  readonly numberOf?: (n: number, body: Record<string, unknown>) => string;
  /** Where to listen; default 127.0.0.1 on a free port. */
  readonly host?: string;
  readonly port?: number;
}

/**
 * The state hot line is one service with one sequence of numbers: it never gives a number twice.
 * The simulator keeps nothing on disk, so its sequence lives in the process: a simulator restarted
 * at the same address (the outage tests) or a second one (a browser worker's) continues it, and the
 * uniqueness rule of the requests (commands/request/hotline-numbers.ts) never meets a reissued number.
 */
let issued = 0;

/** The refusal a call without credentials gets (the real hot line answers a login failure so). */
export const SIMULATOR_REFUSAL = 'Неверный логин или пароль ГЛ';

/**
 * The state hot line API (requests.md 7) simulated over real HTTP: the browser and integration
 * tests' double and the embedded demo's hot line (docs/decisions.md 177). It
 * registers a request once per idempotency key: the same key is answered with the same number (the
 * contract this project relies on, docs/decisions.md "Hot line and mail"). A call without
 * hot_line_email or hot_line_password is refused as a login failure. Modes (for tests): ok; 500 (no
 * answer part); timeout (never answers); malformed (200 without the `_result_` part); refused
 * (status 403 with a message); slow (answers ok after `slowMs`). `next` queues modes for the coming
 * calls, then `mode`; over HTTP, POST /__double/next {modes} queues them, and {modes, request_id} queues them for
 * that request's calls only (the browser tests share one simulator per server: a test that stops before its call
 * must not leave its modes to the next test's call).
 */
export const startHotlineSimulator = async (options: HotlineSimulatorOptions = {}) => {
  const numberOf = options.numberOf ?? ((n: number) => `ГЛ-${String(n).padStart(5, '0')}`);
  const state = {
    mode: 'ok' as HotlineMode,
    next: [] as HotlineMode[],
    /** Modes queued for the calls of one request (a test's modes never reach another test's call). */
    nextFor: new Map<number, HotlineMode[]>(),
    slowMs: 1500,
    refusal: SIMULATOR_REFUSAL,
    calls: [] as HotlineCall[],
    /** key -> number: one registration per key. */
    registered: new Map<string, string>(),
  };
  const hanging = new Set<ServerResponse>();
  const respond = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  };
  const register = (key: string, body: Record<string, unknown>) => {
    let n = state.registered.get(key);
    if (!n) {
      n = numberOf(++issued, body);
      state.registered.set(key, n);
    }
    return n;
  };
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Test control over HTTP (the browser tests' simulator runs in the global setup's process).
      if (req.method === 'POST' && req.url === '/__double/next') {
        try {
          const { modes = [], request_id: requestId } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { modes?: HotlineMode[]; request_id?: number };
          if (typeof requestId === 'number') state.nextFor.set(requestId, [...(state.nextFor.get(requestId) ?? []), ...modes]);
          else state.next.push(...modes);
        } catch {
          return respond(res, 400, 'bad json');
        }
        return respond(res, 200, 'ok');
      }
      if (req.method !== 'POST' || req.url !== '/api/request_hot_line_register') return respond(res, 404, 'not found');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return respond(res, 400, 'bad json');
      }
      const key = String(req.headers['idempotency-key'] ?? body.idempotency_key ?? '');
      const mode = state.nextFor.get(Number(body.request_id))?.shift() ?? state.next.shift() ?? state.mode;
      state.calls.push({ key, body, mode });
      if (!filled(body.hot_line_email) || !filled(body.hot_line_password)) return respond(res, 200, formatHotlineAnswer(403, { message: SIMULATOR_REFUSAL }));
      switch (mode) {
        case 'ok': {
          const number = register(key, body);
          return respond(res, 200, formatHotlineAnswer(200, { message: `Заявка зарегистрирована, номер ${number}`, hot_line_number: number }));
        }
        case 'slow':
          setTimeout(() => respond(res, 200, formatHotlineAnswer(200, { message: 'Заявка зарегистрирована', hot_line_number: register(key, body) })), state.slowMs);
          return;
        case '500':
          return respond(res, 500, 'Internal Server Error');
        case 'timeout':
          hanging.add(res);
          return;
        case 'malformed':
          return respond(res, 200, 'OK, but no result part');
        case 'refused':
          return respond(res, 200, formatHotlineAnswer(403, { message: state.refusal }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    state,
    /** Registrations made (distinct keys answered with a number). */
    registrations: () => state.registered.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type HotlineSimulator = Awaited<ReturnType<typeof startHotlineSimulator>>;
