import { api } from '@/lib/api';
import type { RequestView } from '../../api/types';

/** GET /api/request_single/{id}?at=<ISO> (issue 17): the request as it was at that moment, read-only. */
export interface RequestAt {
  readonly request: RequestView;
  readonly at: string;
}

const requestAtApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestAt: build.query<RequestAt, { id: number; at: string }>({
      query: ({ id, at }) => `/request_single/${id}?at=${encodeURIComponent(at)}`,
      transformResponse: (raw: { request: RequestView; at: string }) => ({ request: raw.request, at: raw.at }),
    }),
  }),
});

export const { useRequestAtQuery } = requestAtApi;
