import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { loadConfig } from '../../api/config';
import { LOG_POSITION_HEADER } from '../../api/consistency';
import { startServer, type RunningServer } from '../../api/server';
import { settle } from '../../api/seed/settle';
import { consoleLogger, silentLogger } from '../../infrastructure/logger';
import { createTestDatabase, type TestDatabase } from './database';
import { testPgPoolMax } from './pools';
import { redisUrl } from './services';

export interface TestApp {
  readonly server: RunningServer;
  readonly db: TestDatabase;
  /** Signs in and returns a client that sends the session headers. */
  signIn(login: string, password?: string): Promise<ApiClient>;
  anonymous: ApiClient;
  /**
   * Waits until the read models show every event written so far. A user reads their own writes
   * at once; another user's writes reach them when the projections have applied them.
   */
  settled(): Promise<void>;
  /**
   * Waits until every processor, the reactions too, has handled the whole log: a reaction's side
   * effects (an outbox mail, say) come after the read models show the event.
   */
  quiet(): Promise<void>;
  close(): Promise<void>;
}

export interface ApiClient {
  readonly userId: number | null;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  /** Multipart POST/PUT: JSON fields are sent as strings, files as {name, content}. */
  multipart(method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>, files?: Array<{ field: string; name: string; content: Buffer; type?: string }>): Promise<LightMyRequestResponse>;
}

export const DEMO_PASSWORD = 'demo2026';

const multipartBody = (fields: Record<string, unknown>, files: Array<{ field: string; name: string; content: Buffer; type?: string }>) => {
  const boundary = `----itsup${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

const client = (server: RunningServer, session: { userId: number | null; token: string | null; position?: string }): ApiClient => {
  // As the web client: the session's headers and the log position of its latest write sent back.
  const headers = () => ({
    ...(session.token ? { userid: String(session.userId), accesstoken: session.token } : {}),
    ...(session.position ? { [LOG_POSITION_HEADER]: session.position } : {}),
  });
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const res = await server.app.inject({ method, url, headers: headers(), ...(body !== undefined ? { payload: body as object } : {}) });
    const fresh = res.headers.freshtoken;
    if (typeof fresh === 'string') session.token = fresh;
    const position = res.headers[LOG_POSITION_HEADER];
    if (typeof position === 'string') session.position = position;
    return res;
  };
  return {
    get userId() {
      return session.userId;
    },
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body ?? {}),
    put: (url, body) => send('PUT', url, body ?? {}),
    delete: (url) => send('DELETE', url),
    multipart: async (method, url, fields, files = []) => {
      const { payload, contentType } = multipartBody(fields, files);
      return server.app.inject({ method, url, payload, headers: { ...headers(), 'content-type': contentType } });
    },
  };
};

/**
 * The application as `npm start` composes it, on a fresh database cloned from the seeded
 * template (demo data included), driven through fastify's inject (no port needed).
 */
export const startTestApp = async (options: { seeded?: boolean; redis?: boolean; smtpUrl?: string; env?: Record<string, string> } = {}): Promise<TestApp> => {
  const db = await createTestDatabase({ seeded: options.seeded ?? true });
  // The read side runs inline unless READ_SIDE says otherwise (a suite can then run in worker mode).
  const readSide = options.env?.READ_SIDE ?? process.env.READ_SIDE ?? 'inline';
  const config = {
    // Small pools: tests/support/pools.ts.
    ...loadConfig({ READ_SIDE: readSide, PG_POOL_MAX: testPgPoolMax({ readSide: readSide === 'worker' ? 'worker' : 'inline', redis: Boolean(options.redis) }), DATABASE_URL: db.url, DATA_DIR: `/tmp/itsup-test-${db.name}`, ...(options.redis ? { REDIS_URL: redisUrl, JOBS_QUEUE: `test-${db.name}` } : {}), ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}), ...options.env }),
  };
  const server = await startServer(config, { listen: false, seed: false, log: process.env.DEBUG_TESTS ? consoleLogger : silentLogger });
  return {
    server,
    db,
    anonymous: client(server, { userId: null, token: null }),
    signIn: async (login, password = DEMO_PASSWORD) => {
      const res = await server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: login, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in ${login}: ${res.statusCode} ${res.body}`);
      const body = res.json() as { id: number; accessToken: string };
      return client(server, { userId: body.id, token: body.accessToken });
    },
    settled: async () => {
      const head = await server.ctx.store.headPosition();
      if (head && !(await server.ctx.runner.waitFor(head, 10_000))) throw new Error('the read models did not catch up in 10 s');
    },
    quiet: () => settle(server.ctx, 30_000),
    close: async () => {
      await server.close();
      await db.drop();
    },
  };
};

export const seededTemplateAvailable = () => Boolean(inject('seededTemplateDatabase'));
