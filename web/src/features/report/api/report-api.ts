import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';

export type ReportCell = string | number | null;
/** GET /api/reports/jobs/{jobId} (api/jobs/report.ts). */
export interface ReportJobView {
  readonly jobId: string;
  readonly reportId: string;
  readonly state: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly preview?: {
    readonly columns: ReadonlyArray<{ readonly title: string; readonly kind?: 'int' | 'money' | 'text' }>;
    readonly rows: ReadonlyArray<{ readonly cells: readonly ReportCell[]; readonly style?: string }>;
    readonly totals: readonly ReportCell[];
    readonly chart?: ReadonlyArray<{ readonly label: string; readonly value: number }>;
  };
  readonly fileName?: string;
  readonly error?: string;
}
/** The technical documents' dialog lists (api/routes/technical-docs.ts). */
export interface DocumentUnit { readonly id: number; readonly vncode: string; readonly title: string }
export interface DocumentSigner { readonly id: number; readonly name: string; readonly post: string }

/** The report job calls (decisions 87–96): start, poll, cancel, download; a technical document's objects and signers. */
export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    startReport: build.mutation<{ jobId: string }, { reportId: string; parameters: object }>({
      query: ({ reportId, parameters }) => ({ url: `/reports/${reportId}`, method: 'POST', body: parameters }),
      extraOptions: { quiet: [400, 403, 404] },
    }),
    reportJob: build.query<ReportJobView, string>({
      query: (jobId) => ({ url: `/reports/jobs/${jobId}`, cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
    cancelReport: build.mutation<{ message: string }, string>({
      query: (jobId) => ({ url: `/reports/jobs/${jobId}`, method: 'DELETE' }),
      extraOptions: { quiet: [404] },
    }),
    downloadReport: build.mutation<{ fileName: string }, { jobId: string; fallbackName: string }>({
      query: ({ jobId, fallbackName }) => ({
        url: `/reports/jobs/${jobId}/file`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, fallbackName) };
        },
        cache: 'no-store',
      }),
    }),
    documentUnits: build.query<{ units: DocumentUnit[] }, void>({ query: () => ({ url: '/technical_docs/units' }) }),
    documentSigners: build.query<{ iac: DocumentSigner[]; unit: DocumentSigner[] }, number>({ query: (unitId) => ({ url: `/technical_docs/signers/${unitId}` }) }),
  }),
});

export const {
  useStartReportMutation, useReportJobQuery, useCancelReportMutation, useDownloadReportMutation, useDocumentUnitsQuery, useDocumentSignersQuery,
} = reportApi;
