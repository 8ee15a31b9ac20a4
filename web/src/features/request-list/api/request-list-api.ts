import { z } from 'zod';
import type { RequestListRow } from '@domain/request/contracts';
import { registryExport, registryPageQuery, type RegistryExportArgs, type RegistryExportResult, type RegistryPage } from '@/components/registry-list';
import { api } from '@/lib/api';
import type { ServerFilter } from '../model/filter';

/** A row of the request list as GET /api/request answers it (the domain's contract; titles come from the domain here). */
export type RequestRow = Pick<
  RequestListRow,
  | 'id'
  | 'number'
  | 'request_performer_kind'
  | 'request_date_add'
  | 'hotlinegas_number'
  | 'result_d'
  | 'region_id'
  | 'unit_id'
  | 'unit_name'
  | 'organization_id'
  | 'organization_name'
  | 'request_kind_id'
  | 'request_status_id'
  | 'request_text'
>;

const rowSchema: z.ZodType<RequestRow, z.ZodTypeDef, unknown> = z.object({
  id: z.number(),
  number: z.number().nullable(),
  request_performer_kind: z.string(),
  request_date_add: z.string(),
  hotlinegas_number: z.string().nullable(),
  result_d: z.string().nullable(),
  region_id: z.number().nullable(),
  unit_id: z.number().nullable(),
  unit_name: z.string().nullable(),
  organization_id: z.number().nullable(),
  organization_name: z.string().nullable(),
  request_kind_id: z.number().nullable(),
  request_status_id: z.number(),
  request_text: z.string(),
});

const engineerSchema = z.object({ id: z.number(), fio: z.string(), organization_name: z.string().nullable().optional() });
export type Engineer = z.output<typeof engineerSchema>;

/**
 * The request list's calls. 'RequestList' is shared with the request dialog: its saves
 * invalidate it, so the list reloads after a save; { type: 'Request', id } is the dialog's.
 */
export const requestListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/request/{filter json with pageNumber} -> { requests, pagesCount, itemsCount }. */
    requestList: build.query<RegistryPage<RequestRow>, ServerFilter>({
      ...registryPageQuery<RequestRow, ServerFilter>('/request', 'requests', rowSchema),
      providesTags: ['RequestList'],
    }),
    /** DELETE /api/request/{id} -> { message: 'Заявка удалена' } (shown by the base query). */
    deleteRequest: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/request/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => ['RequestList', { type: 'Request', id }],
    }),
    /** POST /api/request_set_new_number { requestId, newNumber }. */
    setRequestNumber: build.mutation<{ message: string }, { requestId: number; newNumber: number }>({
      query: (body) => ({ url: '/request_set_new_number', method: 'POST', body }),
      invalidatesTags: (_r, _e, { requestId }) => ['RequestList', { type: 'Request', id: requestId }],
    }),
    /** POST /api/request_set_new_date { requestId, newDate: 'YYYY-MM-DD' }. */
    setRequestDate: build.mutation<{ message: string }, { requestId: number; newDate: string }>({
      query: (body) => ({ url: '/request_set_new_date', method: 'POST', body }),
      invalidatesTags: (_r, _e, { requestId }) => ['RequestList', { type: 'Request', id: requestId }],
    }),
    /** POST /api/request_multiple (multipart: unitsIds, requestText, files) -> { message, ids }. */
    createRequestGroup: build.mutation<{ message: string; ids: number[] }, { unitsIds: number[]; requestText: string; files: readonly File[] }>({
      query: ({ unitsIds, requestText, files }) => {
        const body = new FormData();
        body.append('unitsIds', JSON.stringify(unitsIds));
        body.append('requestText', requestText);
        for (const file of files) body.append('files', file, file.name);
        return { url: '/request_multiple', method: 'POST', body };
      },
      invalidatesTags: ['RequestList'],
    }),
    /** GET /api/engineers/{regionId} (branch engineers) or ?hotline=true (hot line staff). */
    engineers: build.query<Engineer[], { regionId: number; hotline: boolean }>({
      query: ({ regionId, hotline }) => `/engineers/${regionId}${hotline ? '?hotline=true' : ''}`,
      transformResponse: (raw: unknown) => z.object({ engineers: z.array(engineerSchema) }).parse(raw).engineers,
    }),
    /** GET /api/request_export/{xlsx|docx}/{filter json}: the whole filtered list as a file. */
    exportRequests: build.mutation<RegistryExportResult, RegistryExportArgs<ServerFilter>>(
      registryExport<ServerFilter>('/request_export', (format) => `Список заявок.${format}`),
    ),
  }),
});

export const {
  useRequestListQuery,
  useDeleteRequestMutation,
  useSetRequestNumberMutation,
  useSetRequestDateMutation,
  useCreateRequestGroupMutation,
  useEngineersQuery,
  useExportRequestsMutation,
} = requestListApi;
