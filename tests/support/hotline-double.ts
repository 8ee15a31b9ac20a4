import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatHotlineAnswer } from '../../domain/hotline/answer';

export type HotlineMode = 'ok' | '500' | 'timeout' | 'malformed' | 'refused' | 'slow';

export interface HotlineCall {
  readonly key: string;
  readonly body: Record<string, unknown>;
  readonly mode: HotlineMode;
}

/**
 * A test double of the state hot line API (requests.md 7), over real HTTP. It registers a request
 * once per idempotency key: the same key is answered with the same number (as the contract this
 * project relies on, docs/decisions.md "Hot line and mail"). Modes: ok; 500 (no answer part);
 * timeout (never answers); malformed (200 without the `_result_` part); refused (status 400 with a
 * message); slow (answers ok after `slowMs`). `next` queues modes for the coming calls, then `mode`.
 */
export const startHotlineDouble = async () => {
  const state = {
    mode: 'ok' as HotlineMode,
    next: [] as HotlineMode[],
    slowMs: 1500,
    refusal: 'Неверный логин или пароль ГЛ',
    calls: [] as HotlineCall[],
    /** key -> number: one registration per key. */
    registered: new Map<string, string>(),
    counter: 0,
  };
  const hanging = new Set<ServerResponse>();
  const respond = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  };
  const register = (key: string) => {
    let n = state.registered.get(key);
    if (!n) {
      n = `ГЛ-${String(++state.counter).padStart(5, '0')}`;
      state.registered.set(key, n);
    }
    return n;
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Test control over HTTP (the browser tests' double runs in the global setup's process).
      if (req.method === 'POST' && req.url === '/__double/next') {
        const modes = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { modes?: HotlineMode[] }).modes ?? [];
        state.next.push(...modes);
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
      const mode = state.next.shift() ?? state.mode;
      state.calls.push({ key, body, mode });
      switch (mode) {
        case 'ok':
          return respond(res, 200, formatHotlineAnswer(200, { message: `Заявка зарегистрирована, номер ${register(key)}`, hot_line_number: register(key) }));
        case 'slow':
          setTimeout(() => respond(res, 200, formatHotlineAnswer(200, { message: 'Заявка зарегистрирована', hot_line_number: register(key) })), state.slowMs);
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
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
export type HotlineDouble = Awaited<ReturnType<typeof startHotlineDouble>>;
