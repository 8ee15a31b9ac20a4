import type { StoredFile } from '@domain/news/files';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';

export interface NewsRow {
  readonly id: number;
  readonly date: string;
  readonly title: string;
  readonly description: string;
  readonly program_id: number;
  readonly program_title: string | null;
  readonly program_type: number | null;
  readonly gas_soft_renewals_files: readonly StoredFile[];
}

export interface NewsPage {
  readonly renewals: readonly NewsRow[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

const TAG = { type: 'News' as const, id: 'LIST' };

/** The calls of administration.md 7 for /gas-soft-renewal. */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/gas_soft_renewals (filter: date_from, date_to, text, program_id, pageNumber) -> renewals. */
    news: build.query<NewsPage, Readonly<Record<string, string | number>>>({
      query: (filter) => `/gas_soft_renewals?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      providesTags: [TAG],
    }),
    /** POST /api/gas_soft_renewal, PUT /api/gas_soft_renewal/{id} (multipart: renewal, filesList, files). */
    saveNews: build.mutation<{ readonly id: number; readonly message: string }, { readonly id: number | null; readonly body: FormData }>({
      query: ({ id, body }) => ({ url: id === null ? '/gas_soft_renewal' : `/gas_soft_renewal/${id}`, method: id === null ? 'POST' : 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    deleteNews: build.mutation<{ readonly message: string }, number>({
      query: (id) => ({ url: `/gas_soft_renewal/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    /** A news file saved as a download (the session headers go with it). */
    downloadNewsFile: build.mutation<null, { readonly id: number; readonly file: StoredFile }>({
      query: ({ id, file }) => ({
        url: `/gas_soft_renewal_file/${id}/${encodeURIComponent(file.file_id)}`,
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

export const { useNewsQuery, useSaveNewsMutation, useDeleteNewsMutation, useDownloadNewsFileMutation } = newsApi;
