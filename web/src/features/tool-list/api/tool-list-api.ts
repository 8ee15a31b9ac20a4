import { z } from 'zod';
import type { ToolListQuery } from '@domain/tool/list-filter';
import type { ToolRow as ServerToolRow } from '@domain/tool/contracts';
import { registryExport, registryPageQuery, type RegistryExportArgs, type RegistryExportResult, type RegistryPage } from '@/components/registry-list';
import { api } from '@/lib/api';

const nullableNumber = z.number().nullable().optional().transform((v) => v ?? null);
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** A row of GET /api/tool as the list shows it: the domain's contract, its columns' part. */
export type ToolRow = Pick<
  ServerToolRow,
  | 'id'
  | 'unit_id'
  | 'unit_name'
  | 'unit_address'
  | 'organization_name'
  | 'region_id'
  | 'region_title'
  | 'tools_set_id'
  | 'tool_set_name'
  | 'set_inventar_number'
  | 'tool_kind_id'
  | 'tool_kind'
  | 'manufacturer'
  | 'model'
  | 'serial_number'
  | 'inventar_number'
  | 'work_in_dt'
  | 'state'
  | 'stateTitle'
  | 'description'
>;

const rowSchema: z.ZodType<ToolRow, z.ZodTypeDef, unknown> = z.object({
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

const ageCountSchema = z.object({ total: z.number(), old: z.number(), new: z.number() });
const ageCountsSchema = z.object({
  kinds: z.array(ageCountSchema.extend({ tool_kind_id: z.number(), tool_kind: z.string().nullable() })),
  total: ageCountSchema,
});

/** GET /api/tools_age_count: per kind total, 5 years or older ('old'), younger ('new'). */
export type ToolAgeCounts = z.output<typeof ageCountsSchema>;
export type ToolAgeCountRow = ToolAgeCounts['kinds'][number];

/**
 * The equipment list's calls. 'ToolList' is shared with the card: its saves invalidate it, so the
 * list reloads after a save; the age counts are provided under it too (a save may move a count).
 */
export const toolListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/tool/{filter json with pageNumber} -> { tools, pagesCount, itemsCount }. */
    toolList: build.query<RegistryPage<ToolRow>, ToolListQuery>({
      ...registryPageQuery<ToolRow, ToolListQuery>('/tool', 'tools', rowSchema),
      providesTags: ['ToolList'],
    }),
    /** DELETE /api/tool/{id} -> { message: 'Удалено' } (the base query shows it). */
    deleteToolFromList: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/tool/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => ['ToolList', { type: 'Tool', id }],
    }),
    /** GET /api/tool_export/{xlsx|docx}/{filter json}: the whole filtered list as a file. */
    exportTools: build.mutation<RegistryExportResult, RegistryExportArgs<ToolListQuery>>(
      registryExport<ToolListQuery>('/tool_export', (format) => `Список оборудования.${format}`),
    ),
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
  }),
});

export const { useToolListQuery, useDeleteToolFromListMutation, useExportToolsMutation, useToolsAgeCountQuery } = toolListApi;
