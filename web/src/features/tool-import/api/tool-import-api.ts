import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import type { ProtectedTool } from '@domain/tool-import/protect';

/** GET /api/tools_import/{jobId}: a run's progress and, when finished, its result. */
export interface ImportJobView {
  readonly id: string;
  readonly state: 'running' | 'done' | 'failed';
  readonly progress: { readonly phase: string; readonly percent: number; readonly rowsRead: number };
  readonly result: {
    readonly ok: boolean;
    readonly setsAdded: number;
    readonly toolsAdded: number;
    readonly rowsRead: number;
    readonly errors: readonly string[];
    readonly errorsCount: number;
    readonly message: string | null;
    /** Tools live requests name: what will happen (confirmation step) or happened to each. */
    readonly protectedTools: readonly ProtectedTool[];
    /** Set when the run waits for the user's confirmation of `protectedTools`. */
    readonly confirmToken: string | null;
  } | null;
  readonly message: string | null;
}

/** The Excel import's calls (equipment.md 7; decisions 48–56). A finished import reloads the equipment list. */
export const toolImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/tools_import: multipart unitId + file (+ the confirmed token); answers the run's id. */
    startToolImport: build.mutation<{ jobId: string }, { unitId: number; file: File; confirmToken?: string | null }>({
      query: ({ unitId, file, confirmToken }) => {
        const body = new FormData();
        body.append('unitId', String(unitId));
        if (confirmToken) body.append('confirmToken', confirmToken);
        body.append('file', file, file.name);
        return { url: '/tools_import', method: 'POST', body };
      },
      extraOptions: { quiet: [400, 404, 409] },
    }),
    toolImportJob: build.query<ImportJobView, string>({
      query: (jobId) => ({ url: `/tools_import/${jobId}`, cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
    /** Reloads the equipment list once an import has written. */
    toolImportFinished: build.mutation<null, void>({
      queryFn: () => ({ data: null }),
      invalidatesTags: ['ToolList', 'ToolsSet'],
    }),
    /** GET /api/tools_import_template: the empty file with the 14 headers, saved as a download. */
    downloadToolImportTemplate: build.mutation<{ fileName: string }, void>({
      query: () => ({
        url: '/tools_import_template',
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, 'Шаблон импорта оборудования.xlsx') };
        },
        cache: 'no-store',
      }),
    }),
  }),
});

export const { useStartToolImportMutation, useToolImportJobQuery, useToolImportFinishedMutation, useDownloadToolImportTemplateMutation } = toolImportApi;
