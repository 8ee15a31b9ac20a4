import type { InnerRequestFilter, InnerRequestRow } from '@domain/inner-request';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';

export interface InnerRequestsPage {
  readonly request_inner: InnerRequestRow[];
  readonly iRequestsInnerCount: number;
  readonly pagesCount: number;
}

const TAG = { type: 'InnerRequests' as const, id: 'LIST' };

/** GET /api/request_inner_file/{id}/{fileId}: a file of a request to the administrators. */
export const innerRequestFilePath = (id: number, fileId: string) => `/request_inner_file/${id}/${encodeURIComponent(fileId)}`;

/** The calls of administration.md 7 for /request-inner. */
export const innerRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/request_inner/{filter json with pageNumber} -> request_inner, iRequestsInnerCount. */
    innerRequests: build.query<InnerRequestsPage, InnerRequestFilter>({
      query: (filter) => `/request_inner/${encodeURIComponent(JSON.stringify(filter))}`,
      providesTags: [TAG],
    }),
    /** POST /api/request_inner (multipart): innerRequest, usersIds, files. */
    createInnerRequest: build.mutation<{ message: string; id: number }, FormData>({
      query: (body) => ({ url: '/request_inner', method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    /** PUT /api/request_inner/{id}: state or request_inner_kind_id. */
    updateInnerRequest: build.mutation<{ message: string }, { id: number; state?: number; request_inner_kind_id?: number | null }>({
      query: ({ id, ...body }) => ({ url: `/request_inner/${id}`, method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
    deleteInnerRequest: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/request_inner/${id}`, method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
    /** A file saved as a download (images are shown through lib/blob-url by innerRequestFilePath). */
    downloadInnerRequestFile: build.mutation<null, { id: number; fileId: string; fileName: string }>({
      query: ({ id, fileId, fileName }) => ({
        url: innerRequestFilePath(id, fileId),
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          saveBlob(await response.blob(), fileName);
          return null;
        },
      }),
      extraOptions: { successNotice: false },
    }),
  }),
});

export const { useInnerRequestsQuery, useCreateInnerRequestMutation, useUpdateInnerRequestMutation, useDeleteInnerRequestMutation, useDownloadInnerRequestFileMutation } =
  innerRequestApi;
