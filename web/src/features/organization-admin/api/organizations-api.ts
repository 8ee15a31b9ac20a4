import { z } from 'zod';
import { api } from '@/lib/api';

const unitRow = z.object({
  id: z.number(),
  organization_id: z.number(),
  region_id: z.number(),
  name: z.string(),
  fullname: z.string().nullable(),
  address: z.string().nullable(),
  vncode: z.string().nullable(),
});

const organizationRow = z.object({
  id: z.number(),
  region_id: z.number(),
  vncode: z.string().nullable(),
  name: z.string(),
  fullname: z.string().nullable(),
  address: z.string().nullable(),
  mail_address: z.string().nullable(),
  phone: z.string().nullable(),
  is_host: z.boolean(),
  host_id: z.number().nullable(),
  kind_id: z.number().nullable(),
  assignment: z.string().nullable(),
  hot_line_email: z.string().nullable(),
  hot_line_password: z.string().nullable(),
  units: z.array(unitRow),
});

/** An organisation with its buildings as GET /api/organization returns it (administration.md 3). */
export type OrganizationRow = z.output<typeof organizationRow>;
export type UnitRow = z.output<typeof unitRow>;

export interface OrganizationPage {
  readonly items: readonly OrganizationRow[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

const page = z.object({ organizations: z.array(organizationRow), pagesCount: z.number(), itemsCount: z.number() });

/**
 * The calls of the organisations screens (administration.md 7). Every change refreshes the session
 * cache of organisations and units (tags Organizations, Units) that other screens pick from.
 */
export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/organization?pageNumber=&region_id=&host_id=&is_host=&name=&vncode= -> a page of 20. */
    organizationPage: build.query<OrganizationPage, Readonly<Record<string, string>>>({
      query: (params) => ({ url: '/organization', params }),
      transformResponse: (raw: unknown) => {
        const p = page.parse(raw);
        return { items: p.organizations, pagesCount: p.pagesCount, itemsCount: p.itemsCount };
      },
      providesTags: ['Organizations'],
    }),
    /** GET /api/organization/{id} -> { organization }. */
    organization: build.query<OrganizationRow, number>({
      query: (id) => `/organization/${id}`,
      transformResponse: (raw: { organization?: unknown }) => organizationRow.parse(raw.organization),
      providesTags: ['Organizations'],
    }),
    /** POST /api/organization or PUT /api/organization/{id} with { organization, units } -> 'Организация сохранена'. */
    saveOrganization: build.mutation<{ readonly id: number }, { readonly id: number | null; readonly organization: Record<string, unknown>; readonly units: readonly Record<string, unknown>[] }>({
      query: ({ id, organization, units }) => ({
        url: id === null ? '/organization' : `/organization/${id}`,
        method: id === null ? 'POST' : 'PUT',
        body: { organization, units },
      }),
      extraOptions: { quiet: [400] },
      invalidatesTags: (_r, error) => (error ? [] : ['Organizations', 'Units']),
    }),
    /** DELETE /api/organization/{id} -> 'Организация удалена'. */
    deleteOrganization: build.mutation<unknown, number>({
      query: (id) => ({ url: `/organization/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Organizations', 'Units']),
    }),
    /** POST /api/update_unit_attr/{unitId} with { organization_id }: moves a building to another organisation. */
    moveUnit: build.mutation<unknown, { readonly unitId: number; readonly organizationId: number }>({
      query: ({ unitId, organizationId }) => ({ url: `/update_unit_attr/${unitId}`, method: 'POST', body: { organization_id: organizationId } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Organizations', 'Units']),
    }),
  }),
});

export const { useOrganizationPageQuery, useOrganizationQuery, useSaveOrganizationMutation, useDeleteOrganizationMutation, useMoveUnitMutation } =
  organizationsApi;
