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

/** GET /api/tool_model_file/{modelId}/{fileId}: a stored file of a model (pictures shown through lib/blob-url). */
export const toolModelFilePath = (modelId: number, fileId: string) => `/tool_model_file/${modelId}/${encodeURIComponent(fileId)}`;

/**
 * The models screen's calls (equipment.md 7): GET /api/tool_model (the catalogue list with its
 * filters), POST / PUT /api/tool_model multipart (toolModel, filesList, documents, pictures),
 * DELETE and the xlsx export; a stored picture is shown by its path (toolModelFilePath).
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

export const { useToolModelsQuery, useSaveToolModelMutation, useDeleteToolModelMutation, useExportToolModelsMutation } = toolModelApi;
