import { z } from 'zod';
import { api } from '@/lib/api';
import type { RequestDelivery } from '@domain/hotline/delivery';
import type { RequestView } from './types';

export interface HotlineAnswer {
  readonly message: string;
  /** How the registration went: directly ('api') or by e-mail. */
  readonly by?: 'api' | 'email';
  /** The registration is under way (retried): the number will appear on the request. */
  readonly pending?: boolean;
  readonly savedRequest: RequestView | null;
}

const answerShape = z.object({
  message: z.string(),
  by: z.enum(['api', 'email']).optional(),
  pending: z.boolean().optional(),
  savedRequest: z.object({ id: z.number(), revision: z.number() }).passthrough().optional(),
});
const checked = (raw: unknown): HotlineAnswer => {
  const a = answerShape.parse(raw);
  return { message: a.message, ...(a.by ? { by: a.by } : {}), ...(a.pending ? { pending: true } : {}), savedRequest: (a.savedRequest as RequestView | undefined) ?? null };
};

/**
 * The hot line calls of the dialog (requests.md 4.4, 7, 8). The server's message is shown by the
 * shared base query: green on success, red with the server's text otherwise ('Ошибка',
 * 'Ошибка регистрации' or the hot line's own message).
 */
export const hotlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerOnHotline: build.mutation<HotlineAnswer, number>({
      query: (requestId) => ({ url: '/request_hot_line_register', method: 'POST', body: { request_id: requestId } }),
      transformResponse: checked,
      invalidatesTags: (_r, _e, id) => [{ type: 'Request', id }, 'RequestList'],
      // The dialog shows the success itself for 10 s (the global green notice lasts a second).
      extraOptions: { successNotice: false },
    }),
    /** The delivery state of the request's hot line calls and mails (refreshed with the request). */
    requestDelivery: build.query<readonly RequestDelivery[], number>({
      query: (requestId) => `/request_delivery/${requestId}`,
      transformResponse: (raw: { items: RequestDelivery[] }) => raw.items,
      providesTags: (_r, _e, id) => [{ type: 'Request', id }],
    }),
    retryDelivery: build.mutation<HotlineAnswer, { requestId: number; key: string }>({
      query: ({ requestId, key }) => ({ url: '/request_delivery_retry', method: 'POST', body: { request_id: requestId, key } }),
      transformResponse: checked,
      invalidatesTags: (_r, _e, { requestId }) => [{ type: 'Request', id: requestId }, 'RequestList'],
    }),
    messageToDeclarant: build.mutation<HotlineAnswer, { requestId: number; message: string }>({
      query: ({ requestId, message }) => ({ url: '/hot_line_email_to_declarant', method: 'POST', body: { request: { id: requestId }, messageToDeclarant: message } }),
      transformResponse: checked,
    }),
  }),
});

export const { useRegisterOnHotlineMutation, useMessageToDeclarantMutation, useRequestDeliveryQuery, useRetryDeliveryMutation } = hotlineApi;
