import { z } from 'zod';
import { catalogs, type CatalogName } from '@domain/catalog/definitions';
import { api } from '@/lib/api';
import { unitSchema, type CurrentUserUnit } from '@/lib/session';

/** An item of a reference catalogue: its id plus the fields of the catalogue's schema. */
export type CatalogItem = { readonly id: number } & Readonly<Record<string, unknown>>;

export interface Organization extends CatalogItem {
  readonly name: string;
  readonly region_id: number;
  readonly units: readonly CurrentUserUnit[];
}

export type Unit = CurrentUserUnit;

const catalogItems = z.array(z.object({ id: z.number() }).passthrough());
const organizations = z.array(z.object({ id: z.number(), name: z.string(), region_id: z.number(), units: z.array(unitSchema) }).passthrough());
const units = z.array(unitSchema);

/** Every catalogue name of domain/catalog/definitions.ts: the API path segment and the list key. */
export const catalogNames: readonly CatalogName[] = catalogs.map((c) => c.name);

/** Reference data stays cached for the whole session once loaded. */
const SESSION_LONG = 24 * 60 * 60;

export const referencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/{name} -> { [name]: items, pagesCount, itemsCount } (all items without pageNumber). */
    catalog: build.query<CatalogItem[], CatalogName>({
      query: (name) => `/${name}`,
      transformResponse: (raw: Record<string, unknown>, _meta, name) => catalogItems.parse(raw[name] ?? []),
      providesTags: (_result, _error, name) => [{ type: 'Catalog', id: name }],
      keepUnusedDataFor: SESSION_LONG,
    }),
    /** GET /api/organization -> { organizations } with their buildings. */
    organizations: build.query<Organization[], void>({
      query: () => '/organization',
      transformResponse: (raw: { organizations?: unknown }) => organizations.parse(raw.organizations ?? []),
      providesTags: ['Organizations'],
      keepUnusedDataFor: SESSION_LONG,
    }),
    /** GET /api/unit -> { units }. */
    units: build.query<Unit[], void>({
      query: () => '/unit',
      transformResponse: (raw: { units?: unknown }) => units.parse(raw.units ?? []),
      providesTags: ['Units'],
      keepUnusedDataFor: SESSION_LONG,
    }),
    /** GET /api/user_unit: the current user's units plus their host organisation's (the OWN scope). */
    ownUnits: build.query<Unit[], void>({
      query: () => '/user_unit',
      transformResponse: (raw: { user_unit?: unknown }) => units.parse(raw.user_unit ?? []),
    }),
  }),
});

export const { useCatalogQuery, useOrganizationsQuery, useUnitsQuery, useOwnUnitsQuery } = referencesApi;
