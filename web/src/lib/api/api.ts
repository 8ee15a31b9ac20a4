import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';
import { apiTagTypes } from './tags';

/**
 * The one RTK Query api of the client. Features add their calls with
 * `api.injectEndpoints({ endpoints: (build) => ({ ... }) })` in their own `features/<area>/api`
 * module, tagging them with the tag types declared here (./tags.ts); the store knows only this api.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: apiTagTypes,
  endpoints: () => ({}),
});
