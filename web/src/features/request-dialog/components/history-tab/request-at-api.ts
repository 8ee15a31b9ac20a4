import { api } from '@/lib/api';
import type { Comment, HistoryEntry, RequestView } from '../../api/types';

/** GET /api/request_single/{id}?at=<ISO> (decisions 97–99): the request as it was at that moment, read-only. */
export interface RequestAt {
  /** The view with no actions and nothing editable, its chat and history cut at the moment. */
  readonly request: RequestView & { readonly comments: Comment[]; readonly request_history: HistoryEntry[] };
  readonly at: string;
}

const requestAtApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestAt: build.query<RequestAt, { id: number; at: string }>({
      query: ({ id, at }) => `/request_single/${id}?at=${encodeURIComponent(at)}`,
    }),
  }),
});

export const { useRequestAtQuery } = requestAtApi;
