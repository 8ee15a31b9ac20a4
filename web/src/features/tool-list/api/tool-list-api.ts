import { z } from 'zod';
import type { ToolListQuery } from '@domain/tool/list-filter';
import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { unitSchema, type CurrentUserUnit } from '@/lib/session';

const nullableNumber = z.number().nullable().optional().transform((v) => v ?? null);
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** A row of GET /api/tool (issue 11 contract: today's row plus region, address, residual cost, stock, note). */
const rowSchema = z.object({
  id: z.number(),
  unit_id: nullableNumber,
  unit_name: nullableString,
  unit_address: nullableString,
  organization_name: nullableString,
  region_id: nullableNumber,
  region_title: nullableString,
  tools_set_id: nullableNumber,
  tool_set_name: nullableString,
  set_inventar_number: nullableString,
  tool_kind_id: nullableNumber,
  tool_kind: nullableString,
  manufacturer: nullableString,
  model: nullableString,
  serial_number: nullableString,
  inventar_number: nullableString,
  work_in_dt: nullableString,
  state: nullableNumber,
  stateTitle: nullableString,
  description: nullableString,
});

export type ToolRow = z.output<typeof rowSchema>;

const pageSchema = z.object({ tools: z.array(rowSchema), pagesCount: z.number(), itemsCount: z.number() });

/** One page; `pageNumber` is the page these rows are (the server answers the last page when asked beyond it). */
export type ToolPage = z.output<typeof pageSchema> & { readonly pageNumber: number };

const ageCountSchema = z.object({ total: z.number(), old: z.number(), new: z.number() });
const ageCountsSchema = z.object({
  kinds: z.array(ageCountSchema.extend({ tool_kind_id: z.number(), tool_kind: z.string().nullable() })),
  total: ageCountSchema,
});

/** GET /api/tools_age_count: per kind total, 5 years or older ('old'), younger ('new'). */
export type ToolAgeCounts = z.output<typeof ageCountsSchema>;
export type ToolAgeCountRow = ToolAgeCounts['kinds'][number];

export type ExportFormat = 'xlsx' | 'docx';

/** The filter in a path segment, as the server reads `/api/tool/{json}`. */
const filterPath = (filter: ToolListQuery) => encodeURIComponent(JSON.stringify(filter));

/**
 * The equipment list's calls. 'ToolList' is shared with the card: its saves invalidate it, so the
 * list reloads after a save; the age counts are provided under it too (a save may move a count).
 */
export const toolListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/tool/{filter json with pageNumber} -> { tools, pagesCount, itemsCount }. */
    toolList: build.query<ToolPage, ToolListQuery>({
      query: (filter) => `/tool/${filterPath(filter)}`,
      transformResponse: (raw: unknown, _meta, filter): ToolPage => {
        const page = pageSchema.parse(raw);
        const asked = typeof filter.pageNumber === 'number' ? filter.pageNumber : 1;
        return { ...page, pageNumber: Math.max(1, Math.min(asked, page.pagesCount)) };
      },
      providesTags: ['ToolList'],
    }),
    /** DELETE /api/tool/{id} -> { message: 'Удалено' } (the base query shows it). */
    deleteToolFromList: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/tool/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => ['ToolList', { type: 'Tool', id }],
    }),
    /**
     * GET /api/tool_export/{xlsx|docx}/{filter json}: the whole filtered list as a file, saved as a
     * download right here (a Blob never enters the store).
     */
    exportTools: build.mutation<{ fileName: string }, { format: ExportFormat; filter: ToolListQuery }>({
      query: ({ format, filter }) => ({
        url: `/tool_export/${format}/${filterPath(filter)}`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, `Список оборудования.${format}`) };
        },
        cache: 'no-store',
      }),
    }),
    /** GET /api/tools_age_count?region_id=&unit_id= (the caller's scope). */
    toolsAgeCount: build.query<ToolAgeCounts, { regionId: number | null; unitId: number | null }>({
      query: ({ regionId, unitId }) => {
        const params = new URLSearchParams();
        if (regionId !== null) params.set('region_id', String(regionId));
        if (unitId !== null) params.set('unit_id', String(unitId));
        const search = params.toString();
        return `/tools_age_count${search ? `?${search}` : ''}`;
      },
      transformResponse: (raw: unknown) => ageCountsSchema.parse(raw),
      providesTags: ['ToolList'],
    }),
    /** GET /api/user_unit: the current user's units plus their host organisation's (the OWN scope). */
    toolScopeUnits: build.query<CurrentUserUnit[], void>({
      query: () => '/user_unit',
      transformResponse: (raw: unknown) => z.object({ user_unit: z.array(unitSchema) }).parse(raw).user_unit,
    }),
  }),
});

export const { useToolListQuery, useDeleteToolFromListMutation, useExportToolsMutation, useToolsAgeCountQuery, useToolScopeUnitsQuery } =
  toolListApi;
