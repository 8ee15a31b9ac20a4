import type { VersionEntry } from '@domain/app-version/schemas';
import { api } from '@/lib/api';

export type { VersionEntry };
export type VersionEntryDraft = Omit<VersionEntry, 'id'>;

/** GET/POST /api/versions-history, PUT/DELETE /api/versions-history/{id} (administration.md 7). */
export const versionHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    versionHistory: build.query<VersionEntry[], void>({
      query: () => '/versions-history',
      transformResponse: (raw: { versions: VersionEntry[] }) => raw.versions,
    }),
    saveVersionEntry: build.mutation<{ message: string; id: number }, { id: number | null; version: VersionEntryDraft }>({
      query: ({ id, version }) => ({ url: id ? `/versions-history/${id}` : '/versions-history', method: id ? 'PUT' : 'POST', body: { version } }),
    }),
    deleteVersionEntry: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/versions-history/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useVersionHistoryQuery, useSaveVersionEntryMutation, useDeleteVersionEntryMutation } = versionHistoryApi;
