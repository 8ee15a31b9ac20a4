import { z } from 'zod';
import type { CatalogName } from '@domain/catalog/definitions';
import { api } from '@/lib/api';

/** An item of a reference: its id plus the fields of the catalogue's schema. */
export type CatalogRow = { readonly id: number } & Readonly<Record<string, unknown>>;

export interface CatalogPageData {
  readonly items: readonly CatalogRow[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

const rows = z.array(z.object({ id: z.number() }).passthrough());
const pageOf = z.object({ pagesCount: z.number(), itemsCount: z.number() });

export interface CatalogSave {
  readonly name: CatalogName;
  readonly payloadKey: string;
  /** null: a new item (POST). */
  readonly id: number | null;
  readonly item: Record<string, unknown>;
}

/**
 * The calls of the generic reference screen (administration.md 7): a page of 20, save and
 * delete. A change refreshes the page and the session-long reference cache (tag Catalog/{name});
 * the server's `{ message }` is the green notice ('Сохранено', 'Вид оборудования сохранен', …).
 */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/{name}?pageNumber=&text=&<filter>= -> { [name]: items, pagesCount, itemsCount }. */
    catalogPage: build.query<CatalogPageData, { readonly name: CatalogName; readonly params: Readonly<Record<string, string>> }>({
      query: ({ name, params }) => ({ url: `/${name}`, params }),
      transformResponse: (raw: Record<string, unknown>, _meta, { name }) => ({ items: rows.parse(raw[name] ?? []), ...pageOf.parse(raw) }),
      providesTags: (_result, _error, { name }) => [{ type: 'Catalog', id: name }],
    }),
    /** POST /api/{name} or PUT /api/{name}/{id} with { [payloadKey]: item } -> { message, id }. */
    saveCatalogItem: build.mutation<{ readonly id: number }, CatalogSave>({
      query: ({ name, payloadKey, id, item }) => ({ url: id === null ? `/${name}` : `/${name}/${id}`, method: id === null ? 'POST' : 'PUT', body: { [payloadKey]: item } }),
      // A 400 is shown by the dialog at its fields (or in red when no field takes it).
      extraOptions: { quiet: [400] },
      invalidatesTags: (_result, error, { name }) => (error ? [] : [{ type: 'Catalog', id: name }]),
    }),
    /** DELETE /api/{name}/{id} -> { message }. */
    deleteCatalogItem: build.mutation<unknown, { readonly name: CatalogName; readonly id: number }>({
      query: ({ name, id }) => ({ url: `/${name}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { name }) => (error ? [] : [{ type: 'Catalog', id: name }]),
    }),
  }),
});

export const { useCatalogPageQuery, useSaveCatalogItemMutation, useDeleteCatalogItemMutation } = catalogApi;
