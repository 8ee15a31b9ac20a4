import { api } from '@/lib/api';
import { saveBlob, fileNameOf } from '@/lib/download';

export interface ModelFile {
  readonly file_id: string;
  readonly file_name: string;
  readonly section: 'tool_docs' | 'tool_model_pictures';
}

export interface ToolModelRow {
  readonly id: number;
  readonly tool_kind_id: number;
  readonly manufacturer_id: number;
  readonly model: string;
  readonly is_verified: boolean;
  readonly traits?: ReadonlyArray<{ readonly tool_trait_id: number; readonly trait_value_id: number }>;
  readonly files?: readonly ModelFile[];
}

export interface ToolModelPage {
  readonly tool_model: readonly ToolModelRow[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

const TAG = { type: 'Catalog' as const, id: 'tool_model' };

/**
 * The models screen's calls (equipment.md 7): GET /api/tool_model (the catalogue list with its
 * filters), POST / PUT /api/tool_model multipart (toolModel, filesList, documents, pictures),
 * DELETE, the xlsx export and a file as a blob (pictures carry the session headers, so no <img src>).
 */
export const toolModelApi = api.injectEndpoints({
  endpoints: (build) => ({
    toolModels: build.query<ToolModelPage, Readonly<Record<string, string>>>({
      query: (params) => ({ url: '/tool_model', params }),
      providesTags: [TAG],
    }),
    saveToolModel: build.mutation<{ readonly id: number }, { readonly id: number | null; readonly body: FormData }>({
      query: ({ id, body }) => ({ url: id === null ? '/tool_model' : `/tool_model/${id}`, method: id === null ? 'POST' : 'PUT', body }),
      extraOptions: { quiet: [400] },
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    deleteToolModel: build.mutation<unknown, number>({
      query: (id) => ({ url: `/tool_model/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    toolModelFileBlob: build.query<string, { readonly modelId: number; readonly fileId: string }>({
      query: ({ modelId, fileId }) => ({
        url: `/tool_model_file/${modelId}/${encodeURIComponent(fileId)}`,
        responseHandler: async (response: Response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json().catch(() => null)),
      }),
      keepUnusedDataFor: 300,
    }),
    exportToolModels: build.mutation<null, Readonly<Record<string, string>>>({
      query: (params) => ({
        url: '/tool_model_export',
        params,
        cache: 'no-store',
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? 'Модели оборудования.xlsx');
          return null;
        },
      }),
    }),
  }),
});

export const { useToolModelsQuery, useSaveToolModelMutation, useDeleteToolModelMutation, useToolModelFileBlobQuery, useExportToolModelsMutation } = toolModelApi;
