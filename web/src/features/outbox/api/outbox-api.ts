import type { OutboxItem, OutboxStatus } from '@domain/hotline/keys';
import { api } from '@/lib/api';

/** GET /api/outbox and POST /api/outbox/retry (RIGHT_SETTINGS FULL). */
export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    outbox: build.query<OutboxItem[], { status: OutboxStatus | null }>({
      query: ({ status }) => `/outbox${status ? `?status=${status}` : ''}`,
      transformResponse: (raw: { items: OutboxItem[] }) => raw.items,
    }),
    retryOutbox: build.mutation<{ message: string }, string>({
      query: (key) => ({ url: '/outbox/retry', method: 'POST', body: { key } }),
    }),
  }),
});

export const { useOutboxQuery, useRetryOutboxMutation } = outboxApi;
