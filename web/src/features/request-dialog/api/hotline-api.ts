import { z } from 'zod';
import { api } from '@/lib/api';
import type { RequestView } from './types';

export interface HotlineAnswer {
  readonly message: string;
  /** How the registration went: directly ('api') or by e-mail. */
  readonly by?: 'api' | 'email';
  readonly savedRequest: RequestView | null;
}

const answerShape = z.object({
  message: z.string(),
  by: z.enum(['api', 'email']).optional(),
  savedRequest: z.object({ id: z.number(), revision: z.number() }).passthrough().optional(),
});
const checked = (raw: unknown): HotlineAnswer => {
  const a = answerShape.parse(raw);
  return { message: a.message, ...(a.by ? { by: a.by } : {}), savedRequest: (a.savedRequest as RequestView | undefined) ?? null };
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
    messageToDeclarant: build.mutation<HotlineAnswer, { requestId: number; message: string }>({
      query: ({ requestId, message }) => ({ url: '/hot_line_email_to_declarant', method: 'POST', body: { request: { id: requestId }, messageToDeclarant: message } }),
      transformResponse: checked,
    }),
  }),
});

export const { useRegisterOnHotlineMutation, useMessageToDeclarantMutation } = hotlineApi;
