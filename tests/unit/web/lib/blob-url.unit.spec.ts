import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as BlobUrlModule from '../../../../web/src/lib/blob-url';
import type * as ApiModule from '../../../../web/src/lib/api';
import type * as StoreModule from '../../../../web/src/lib/store';

// web/src/lib/blob-url.ts against a small file server: every object URL it makes is revoked when
// its cache entry goes (a picture 5 minutes after its last viewer, a video at once, all at sign-out).

let server: Server;
// Imported once the environment names the server: the client reads its API origin at load.
let lib: typeof BlobUrlModule;
let api: typeof ApiModule.api;
let rootReducer: typeof StoreModule.rootReducer;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/api/missing')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Файл не найден' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_ORIGIN', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubGlobal('__APP_VERSION__', 'test');
  lib = await import('../../../../web/src/lib/blob-url');
  ({ api } = await import('../../../../web/src/lib/api'));
  ({ rootReducer } = await import('../../../../web/src/lib/store'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const storeWithUrlSpies = () => {
  const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(api.middleware) });
  const made: string[] = [];
  const create = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = create(blob);
    made.push(url);
    return url;
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL');
  return { store, made, revoked };
};

describe('blob URLs (web/src/lib/blob-url.ts)', () => {
  it('a picture: one URL shared by its viewers, revoked 5 minutes after the last one left', async () => {
    const { store, made, revoked } = storeWithUrlSpies();
    const first = store.dispatch(lib.blobUrlApi.endpoints.blobUrl.initiate({ path: '/tool_file/1/a' }));
    const second = store.dispatch(lib.blobUrlApi.endpoints.blobUrl.initiate({ path: '/tool_file/1/a' }));
    const { data } = await first;
    expect(data).toMatch(/^blob:/);
    expect((await second).data).toBe(data);
    expect(made).toEqual([data]);
    vi.useFakeTimers();
    first.unsubscribe();
    second.unsubscribe();
    await vi.advanceTimersByTimeAsync(299_000);
    expect(revoked).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(revoked).toHaveBeenCalledWith(data);
  });

  it('a video is freed as soon as its viewer leaves; sign-out frees the rest', async () => {
    const { store, revoked } = storeWithUrlSpies();
    const video = store.dispatch(lib.blobUrlApi.endpoints.largeBlobUrl.initiate({ path: '/manual_item_file/3/v' }));
    const picture = store.dispatch(lib.blobUrlApi.endpoints.blobUrl.initiate({ path: '/manual_item_file/3/p' }));
    const videoUrl = (await video).data!;
    const pictureUrl = (await picture).data!;
    video.unsubscribe();
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledWith(videoUrl));
    expect(revoked).not.toHaveBeenCalledWith(pictureUrl);
    store.dispatch(api.util.resetApiState());
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledWith(pictureUrl));
  });

  it('a missing file makes no URL and reports the error', async () => {
    const { store, made } = storeWithUrlSpies();
    const result = await store.dispatch(lib.blobUrlApi.endpoints.blobUrl.initiate({ path: '/missing/1', quiet: [404] }));
    expect(result.isError).toBe(true);
    expect(made).toEqual([]);
  });
});
