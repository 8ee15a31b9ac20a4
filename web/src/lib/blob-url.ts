import { skipToken, type BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { api } from './api';
import { baseQuery } from './api/base-query';

/**
 * Files shown in the page (pictures, videos, a PDF) that the server sends only with the session's
 * headers, which an <img src> or a <video src> cannot carry: fetched here and shown from an object
 * URL. This module is the one place such URLs are made, and each is freed when its cache entry
 * leaves the cache (5 minutes after its last viewer, or at sign-out). A picked file's preview is a
 * data URL (`useFilePreviewUrl`). Downloads go through lib/download.ts.
 */

export interface BlobUrlSource {
  /** The file's API path, e.g. `/tool_file/12/abc` (the base query adds /api). */
  readonly path: string;
  /** Error statuses the caller shows itself (no red notice), as an endpoint's `quiet`. */
  readonly quiet?: readonly number[];
  /** A large file (a video): freed as soon as its viewer leaves instead of kept for the next look. */
  readonly large?: boolean;
}

/** How long a fetched picture stays cached after its last viewer left (a carousel goes back and forth). */
const KEEP_SECONDS = 300;

const objectUrlOf = async (response: Response): Promise<unknown> => (response.ok ? URL.createObjectURL(await response.blob()) : response.json().catch(() => null));

/** One file endpoint: the answer's body as an object URL, revoked when the cache entry goes. */
const blobUrlEndpoint = (keepUnusedDataFor: number) => ({
  queryFn: async ({ path, quiet }: BlobUrlSource, queryApi: BaseQueryApi) => {
    // Private files stay out of the browser's HTTP cache; RTK Query's cache keeps the URL instead.
    const result = await baseQuery({ url: path, cache: 'no-store', responseHandler: objectUrlOf }, queryApi, quiet ? { quiet } : {});
    return result.error ? { error: result.error, meta: result.meta } : { data: result.data as string, meta: result.meta };
  },
  keepUnusedDataFor,
  // No tags and no refetch options: an entry is fetched once, so its one URL is freed with it.
  async onCacheEntryAdded(_source: BlobUrlSource, { cacheDataLoaded, cacheEntryRemoved }: { cacheDataLoaded: Promise<{ data: string }>; cacheEntryRemoved: Promise<void> }) {
    const loaded = await cacheDataLoaded.catch(() => null);
    await cacheEntryRemoved;
    if (loaded) URL.revokeObjectURL(loaded.data);
  },
});

/** The file endpoints (exported for their tests; screens use the hooks below). */
export const blobUrlApi = api.injectEndpoints({
  endpoints: (build) => ({
    blobUrl: build.query<string, BlobUrlSource>(blobUrlEndpoint(KEEP_SECONDS)),
    largeBlobUrl: build.query<string, BlobUrlSource>(blobUrlEndpoint(0)),
  }),
});

export interface BlobUrl {
  /** The file's object URL; null while it loads, on an error, or when nothing is asked. */
  readonly url: string | null;
  readonly loading: boolean;
  readonly failed: boolean;
}

/** The object URL of a file fetched with the session's headers (null: nothing asked); valid while the component shows it. */
export const useBlobUrl = (source: BlobUrlSource | null): BlobUrl => {
  // currentData, not data: a new file shows nothing until it loads, never the previous file's picture.
  const small = blobUrlApi.useBlobUrlQuery(source && !source.large ? source : skipToken);
  const large = blobUrlApi.useLargeBlobUrlQuery(source?.large ? source : skipToken);
  const { currentData, isFetching, isError } = source?.large ? large : small;
  return { url: currentData ?? null, loading: isFetching, failed: isError };
};

/**
 * A picture picked on this computer, as a data URL to preview before it is uploaded (null: none, or
 * not read yet). A data URL, not an object URL: nothing to free, so a closing dialog never points at
 * a freed blob.
 */
export const useFilePreviewUrl = (file: Blob | null | undefined): string | null => {
  const [read, setRead] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const reader = new FileReader();
    reader.onload = () => setRead({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && read?.file === file ? read.url : null;
};
