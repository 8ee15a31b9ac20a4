import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query api of the client. Features add their calls with
 * `api.enhanceEndpoints({ addTagTypes: [...] }).injectEndpoints({ endpoints: (build) => ({ ... }) })`
 * in their own `features/<area>/api` module; the store knows only this api.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
