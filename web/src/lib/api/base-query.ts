import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from '@/config/constants';
import { showError, showSuccess } from '../notices';
import { serverVersionSeen, signedOut, tokenRefreshed, type SessionRootState } from '../session';
import { apiErrorText, httpStatusOf, serverMessageOf } from './errors';
import { LOG_POSITION_HEADER, latestLogPosition, rememberLogPosition } from './log-position';
import { markPastMoment } from './past-moment';

/** Per-endpoint options (`extraOptions` of an endpoint definition). */
export interface ApiExtraOptions {
  /** HTTP statuses the caller handles itself: no red notice and, for 401, no sign-out. */
  readonly quiet?: readonly number[];
  /** A change (non-GET) answering `{ message }` shows it in green; false turns that off. */
  readonly successNotice?: boolean;
}

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions, FetchBaseQueryMeta>;

const USER_ID_HEADER = 'userId';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  prepareHeaders: (headers, { getState, type }) => {
    const { user, token } = (getState() as SessionRootState).session;
    if (user && token) {
      headers.set(USER_ID_HEADER, String(user.id));
      headers.set('accessToken', token);
    }
    const position = latestLogPosition();
    if (position) headers.set(LOG_POSITION_HEADER, position);
    markPastMoment(headers, type);
    return headers;
  },
});

const isChange = (args: string | FetchArgs) => typeof args !== 'string' && (args.method ?? 'GET').toUpperCase() !== 'GET';

/** The user a call was made for (its userId header), so late answers of an old session change nothing. */
const callerOf = (meta: FetchBaseQueryMeta | undefined): number | null => {
  const id = Number(meta?.request.headers.get(USER_ID_HEADER));
  return Number.isInteger(id) && id > 0 ? id : null;
};

const currentUserId = (api: BaseQueryApi) => (api.getState() as SessionRootState).session.user?.id ?? null;

/** `appversion` on every answer; `freshtoken` replaces the token (sliding expiry); a change's log position. */
const readHeaders = (api: BaseQueryApi, meta: FetchBaseQueryMeta | undefined) => {
  const headers = meta?.response?.headers;
  if (!headers) return;
  rememberLogPosition(headers.get(LOG_POSITION_HEADER));
  const version = headers.get('appversion');
  if (version) api.dispatch(serverVersionSeen(version));
  const fresh = headers.get('freshtoken');
  const caller = callerOf(meta);
  if (fresh && caller !== null && caller === currentUserId(api)) api.dispatch(tokenRefreshed(fresh));
};

/**
 * The global errors of administration.md section 8: no answer -> 'Ошибка сети. Перегрузите
 * страницу'; 401 -> the user is signed out (the route guard then sends them Home unless the page
 * is open to guests); any other error -> a red notice with the server's message.
 */
const reportError = (api: BaseQueryApi, error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined, options: ApiExtraOptions) => {
  const status = httpStatusOf(error);
  if (status !== null && options.quiet?.includes(status)) return;
  if (status === 401) {
    const caller = callerOf(meta);
    if (caller !== null && caller === currentUserId(api)) api.dispatch(signedOut());
  }
  api.dispatch(showError(apiErrorText(error)));
};

/** fetchBaseQuery plus the headers and the global reactions every feature's call shares. */
export const baseQuery: ApiBaseQuery = async (args, api, extraOptions = {}) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  readHeaders(api, result.meta);
  if (result.error) reportError(api, result.error, result.meta, extraOptions);
  else if (isChange(args) && extraOptions.successNotice !== false) {
    const message = serverMessageOf(result.data);
    if (message) api.dispatch(showSuccess(message));
  }
  return result;
};
