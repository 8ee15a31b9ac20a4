import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * A signed-in API client over real HTTP. Calls go through node:http with a keep-alive agent, which
 * costs the client about half the CPU of fetch: on a 2-core machine the load generator's CPU is
 * taken from the server it measures. It takes compressed answers as a browser does (the server then
 * compresses those of a kilobyte or more: part of what a call costs it).
 */
export class ApiClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private token: string | null = null;
  userId: number | null = null;

  constructor(readonly base: string) {}

  async signIn(login: string, password: string): Promise<void> {
    const res = await fetch(`${this.base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: login, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in ${login}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { id: number; accessToken: string };
    this.userId = body.id;
    this.token = body.accessToken;
  }

  private headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
    if (this.token) {
      h.userid = String(this.userId);
      h.accesstoken = this.token;
    }
    if (json) h['content-type'] = 'application/json';
    return h;
  }

  /** Sends a call and reads the whole answer; the token slides with `freshtoken`. */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; ms: number; body: T }> {
    const t = performance.now();
    const payload = body !== undefined ? Buffer.from(JSON.stringify(body)) : null;
    const headers = this.headers(payload !== null);
    if (payload) headers['content-length'] = String(payload.length);
    const { status, text, fresh } = await new Promise<{ status: number; text: string; fresh: string | undefined }>((resolve, reject) => {
      const req = http.request(`${this.base}${path}`, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, text: body.toString('utf8'), fresh: res.headers.freshtoken as string | undefined });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
    const ms = performance.now() - t;
    if (fresh) this.token = fresh;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status, ms, body: parsed as T };
  }

  /** Streams a download to nowhere; returns its size and time. */
  async download(path: string): Promise<{ status: number; ms: number; bytes: number }> {
    const t = performance.now();
    const res = await fetch(`${this.base}${path}`, { headers: this.headers(false) });
    const fresh = res.headers.get('freshtoken');
    if (fresh) this.token = fresh;
    let bytes = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
    }
    return { status: res.status, ms: performance.now() - t, bytes };
  }
}

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const enc = (filter: object) => encodeURIComponent(JSON.stringify(filter));

/** Times `calls` GETs of a path (after two warm-up calls: the read-model cache and the connection); a non-200 answer throws. */
export const timedGets = async (client: ApiClient, path: string, calls: number): Promise<number[]> => {
  const ms: number[] = [];
  for (let i = 0; i < calls + 2; i++) {
    const r = await client.call('GET', path);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    if (i >= 2) ms.push(r.ms);
  }
  return ms;
};
