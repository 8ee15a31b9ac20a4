import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { precompressDir } from '../../../web/build/precompress';
import { startTestApp, type TestApp } from '../../support/app';

/**
 * How the client and the API travel (docs/notes/performance.md): the built client's files compressed at build time
 * and picked by Accept-Encoding, hashed files immutable for a year, the page always revalidated;
 * API answers of a kilobyte or more compressed, GET answers validated by an ETag (a 304 carries no
 * body and only what updates the kept answer).
 */
let t: TestApp;
let client: FastifyInstance;
let dist: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, title: `Заявка ${i}`, state: 'Исполняется' })))};\n`;
const page = `<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Служба ИТ-поддержки судов</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

beforeAll(async () => {
  t = await startTestApp();
  dist = mkdtempSync(path.join(tmpdir(), 'itsup-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDir(dist);
  client = await buildApp(t.server.ctx, { webDist: dist });
  await client.ready();
});
afterAll(async () => {
  await client?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => client.inject({ method: 'GET', url, headers });
const decoded = (res: LightMyRequestResponse): string => {
  const coding = res.headers['content-encoding'];
  const body = res.rawPayload;
  return (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
};

describe('the built client', () => {
  it('precompression wrote brotli and gzip copies that decode to the file', () => {
    const file = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 5);
  });

  it('sends a hashed script compressed as the browser takes it, immutable for a year', async () => {
    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(script);
    }
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);
  });

  it('sends the page, at its address and at any client route, with no-cache; a revalidation is a bare 304', async () => {
    for (const url of ['/', '/index.html', '/requests', '/tools?open=5']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decoded(res), url).toBe(page);
    }
    const first = await get('/requests', { 'accept-encoding': 'br' });
    const again = await get('/requests', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed file with 404, not with the page', async () => {
    const res = await get('/assets/index-Gone0000.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('API answers', () => {
  let session: Record<string, string>;
  beforeAll(async () => {
    const res = await t.server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'demo2026' } });
    const body = res.json() as { id: number; accessToken: string };
    session = { userid: String(body.id), accesstoken: body.accessToken };
  });
  const api = (url: string, headers: Record<string, string> = {}) => client.inject({ method: 'GET', url, headers: { ...session, ...headers } });

  it('compresses a large answer for a browser that takes brotli or gzip, and validates it by its ETag', async () => {
    const plain = await api('/api/organization');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await api('/api/organization', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
      expect(res.headers.etag, 'the tag is of the answer, whatever its coding').toBe(etag);
    }

    const unchanged = await api('/api/organization', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');
    // What updates the kept answer stays (the sliding token, the version); the rest is not repeated.
    expect(unchanged.headers.freshtoken).toEqual(expect.any(String));
    expect(unchanged.headers.appversion).toEqual(expect.any(String));
    expect(unchanged.headers['content-security-policy']).toBeUndefined();
    expect(unchanged.headers['content-length']).toBeUndefined();
    expect((await api('/api/organization', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('has the browser drop the kept answers at sign-out', async () => {
    const res = await t.server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'engineer', password: 'demo2026' } });
    const body = res.json() as { id: number; accessToken: string };
    const out = await client.inject({ method: 'POST', url: '/api/auth/signout', headers: { userid: String(body.id), accesstoken: body.accessToken }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.headers['clear-site-data']).toBe('"cache"');
  });

  it('leaves small answers, errors and writes as they are', async () => {
    const small = await api('/api/health', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const denied = await client.inject({ method: 'GET', url: '/api/organization', headers: { 'accept-encoding': 'br' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers.etag).toBeUndefined();
    const write = await client.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'demo2026' }, headers: { 'accept-encoding': 'br' } });
    expect(write.statusCode).toBe(200);
    expect(write.headers.etag).toBeUndefined();
  });
});
