import type { z } from 'zod';
import type { signinSchema } from '@domain/user/schemas';
import { api } from '@/lib/api';
import { currentUserSchema, restoreUnconfirmed, signedIn, signedInUserSchema, userRefreshed, type CurrentUser } from '@/lib/session';

export type SigninInput = z.output<typeof signinSchema>;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/signin; a wrong password (401) or too many tries (429) is shown by the form. */
    signIn: build.mutation<CurrentUser & { accessToken: string }, SigninInput>({
      query: (body) => ({ url: '/auth/signin', method: 'POST', body }),
      extraOptions: { quiet: [400, 401, 429] },
      transformResponse: (raw: unknown) => signedInUserSchema.parse(raw),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { accessToken, ...user } = data;
          dispatch(signedIn({ user, token: accessToken }));
        } catch {
          // The form shows why; nothing changes in the session.
        }
      },
    }),
    /**
     * POST /api/auth/signout: the server revokes the session, so a copied token stops working too. The
     * session is passed in because the client has already forgotten it (see use-sign-out.ts).
     */
    signOut: build.mutation<{ message: string }, { readonly userId: number; readonly token: string }>({
      query: ({ userId, token }) => ({ url: '/auth/signout', method: 'POST', body: {}, headers: { userId: String(userId), accessToken: token } }),
      extraOptions: { quiet: [401], successNotice: false },
    }),
    /** GET /api/auth/me: confirms a session restored from sessionStorage after a reload. */
    me: build.query<CurrentUser, void>({
      query: () => '/auth/me',
      transformResponse: (raw: unknown) => currentUserSchema.parse(raw),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userRefreshed(data));
        } catch {
          // 401 has already signed the user out; without an answer the stored session stays.
          dispatch(restoreUnconfirmed());
        }
      },
    }),
  }),
});

export const { useSignInMutation, useSignOutMutation, useMeQuery } = authApi;
