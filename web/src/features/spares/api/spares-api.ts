import { api } from '@/lib/api';

export interface SparesItemRow {
  readonly id: number | null;
  readonly code: number | string;
  readonly title: string;
  readonly cost: number | string;
  readonly amount: number | string;
  readonly used?: number;
  readonly remainder?: number;
}

export interface SparesSetRow {
  readonly id: number;
  readonly region_id: number | null;
  readonly title: string;
  readonly contract: string;
  readonly spares_sets_items: readonly SparesItemRow[];
}

export interface SparesPage {
  readonly sparesSets: readonly SparesSetRow[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

export interface SparesSetSave {
  readonly id: number | null;
  readonly sparesSet: { region_id: number | null; title: string; contract: string; spares_sets_items: SparesItemRow[] };
}

const TAG = { type: 'Catalog' as const, id: 'spares_sets' };

/**
 * The spares screen's calls (equipment.md 7): GET/POST /api/spares_sets, PUT/DELETE
 * /api/spares_sets/{id} and the removal of one item by its own action. The server's `{ message }`
 * ('ЗИП сохранен', 'ЗИП удален') is the base query's green notice.
 */
export const sparesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sparesSets: build.query<SparesPage, Readonly<Record<string, string>>>({
      query: (params) => ({ url: '/spares_sets', params }),
      providesTags: [TAG],
    }),
    saveSparesSet: build.mutation<{ readonly id: number; readonly sparesSet: SparesSetRow }, SparesSetSave>({
      query: ({ id, sparesSet }) => ({ url: id === null ? '/spares_sets' : `/spares_sets/${id}`, method: id === null ? 'POST' : 'PUT', body: { sparesSet } }),
      extraOptions: { quiet: [400] },
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    deleteSparesSet: build.mutation<unknown, number>({
      query: (id) => ({ url: `/spares_sets/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    removeSparesItem: build.mutation<{ readonly sparesSet: SparesSetRow }, { readonly setId: number; readonly itemId: number }>({
      query: ({ setId, itemId }) => ({ url: `/spares_sets/${setId}/items/${itemId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
  }),
});

export const { useSparesSetsQuery, useSaveSparesSetMutation, useDeleteSparesSetMutation, useRemoveSparesItemMutation } = sparesApi;
