import type { StoredFile } from '@domain/news/files';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';

export interface ManualItemRow {
  readonly id: number;
  readonly manual_id: number;
  readonly title: string;
  readonly contents: string;
  readonly order: number;
  readonly manual_item_files: readonly StoredFile[];
}

export interface ManualFolderRow {
  readonly id: number;
  readonly title: string;
  readonly order: number;
  readonly manual_items: readonly ManualItemRow[];
}

const TAG = { type: 'Manuals' as const, id: 'LIST' };
const changed = (_r: unknown, error: unknown) => (error ? [] : [TAG]);

/** GET /api/manual_item_file/{itemId}/{fileId}: a file of a manual item. */
export const manualFilePath = (itemId: number, fileId: string) => `/manual_item_file/${itemId}/${encodeURIComponent(fileId)}`;

/** The calls of administration.md 7 for /manuals. */
export const manualApi = api.injectEndpoints({
  endpoints: (build) => ({
    manuals: build.query<{ readonly manuals: readonly ManualFolderRow[] }, void>({ query: () => '/manuals', providesTags: [TAG] }),
    saveManualFolder: build.mutation<{ readonly id: number }, { readonly id: number | null; readonly manual: { title: string; order: number } }>({
      query: ({ id, manual }) => ({ url: id === null ? '/manuals' : `/manuals/${id}`, method: id === null ? 'POST' : 'PUT', body: { manual } }),
      invalidatesTags: changed,
    }),
    deleteManualFolder: build.mutation<unknown, number>({ query: (id) => ({ url: `/manuals/${id}`, method: 'DELETE' }), invalidatesTags: changed }),
    /** POST /api/manuals_items, PUT /api/manuals_items/{id} (multipart: manualItem, filesList, files). */
    saveManualItem: build.mutation<{ readonly id: number }, { readonly id: number | null; readonly body: FormData }>({
      query: ({ id, body }) => ({ url: id === null ? '/manuals_items' : `/manuals_items/${id}`, method: id === null ? 'POST' : 'PUT', body }),
      invalidatesTags: changed,
    }),
    deleteManualItem: build.mutation<unknown, number>({ query: (id) => ({ url: `/manuals_items/${id}`, method: 'DELETE' }), invalidatesTags: changed }),
    /** A file saved as a download (videos and pictures are shown through lib/blob-url by manualFilePath). */
    downloadManualFile: build.mutation<null, { readonly itemId: number; readonly file: StoredFile }>({
      query: ({ itemId, file }) => ({
        url: manualFilePath(itemId, file.file_id),
        cache: 'no-store',
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          saveBlob(await response.blob(), file.file_name);
          return null;
        },
      }),
      extraOptions: { successNotice: false },
    }),
  }),
});

export const { useManualsQuery, useSaveManualFolderMutation, useDeleteManualFolderMutation, useSaveManualItemMutation, useDeleteManualItemMutation, useDownloadManualFileMutation } = manualApi;
