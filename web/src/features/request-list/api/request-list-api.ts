import { z } from 'zod';
import { api } from '@/lib/api';
import { unitSchema, type CurrentUserUnit } from '@/lib/session';
import type { ServerFilter } from '../model/filter';
import { saveDownload } from '@/lib/download';

const rowSchema = z.object({
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

/** A row of the request list as GET /api/request answers it (titles come from the domain here). */
export type RequestRow = z.output<typeof rowSchema>;

const pageSchema = z.object({ requests: z.array(rowSchema), pagesCount: z.number(), itemsCount: z.number() });

/** One page of the list; `pageNumber` is the page these rows are (the server answers the last page when asked beyond it). */
export type RequestPage = z.output<typeof pageSchema> & { readonly pageNumber: number };

const engineerSchema = z.object({ id: z.number(), fio: z.string(), organization_name: z.string().nullable().optional() });
export type Engineer = z.output<typeof engineerSchema>;

export type ExportFormat = 'xlsx' | 'docx';

/** The filter in a path segment, as the server reads `/api/request/{json}`. */
const filterPath = (filter: ServerFilter) => encodeURIComponent(JSON.stringify(filter));

/**
 * The request list's calls. 'RequestList' is shared with the request dialog: its saves
 * invalidate it, so the list reloads after a save; { type: 'Request', id } is the dialog's.
 */
export const requestListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/request/{filter json with pageNumber} -> { requests, pagesCount, itemsCount }. */
    requestList: build.query<RequestPage, ServerFilter>({
      query: (filter) => `/request/${filterPath(filter)}`,
      transformResponse: (raw: unknown, _meta, filter): RequestPage => {
        const page = pageSchema.parse(raw);
        const asked = typeof filter.pageNumber === 'number' ? filter.pageNumber : 1;
        return { ...page, pageNumber: Math.max(1, Math.min(asked, page.pagesCount)) };
      },
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
    /** GET /api/user_unit: the current user's units plus their host organisation's (the OWN scope). */
    ownUnits: build.query<CurrentUserUnit[], void>({
      query: () => '/user_unit',
      transformResponse: (raw: unknown) => z.object({ user_unit: z.array(unitSchema) }).parse(raw).user_unit,
    }),
    /**
     * GET /api/request_export/{xlsx|docx}/{filter json}: the whole filtered list as a file. The
     * answer is saved as a download right here (a Blob never enters the store); the result is the
     * file's name from Content-Disposition.
     */
    exportRequests: build.mutation<{ fileName: string }, { format: ExportFormat; filter: ServerFilter }>({
      query: ({ format, filter }) => ({
        url: `/request_export/${format}/${filterPath(filter)}`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, `Список заявок.${format}`) };
        },
        cache: 'no-store',
      }),
    }),
  }),
});

export const {
  useRequestListQuery,
  useDeleteRequestMutation,
  useSetRequestNumberMutation,
  useSetRequestDateMutation,
  useCreateRequestGroupMutation,
  useEngineersQuery,
  useOwnUnitsQuery,
  useExportRequestsMutation,
} = requestListApi;
