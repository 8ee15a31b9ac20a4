import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';

export interface DocumentUnit { readonly id: number; readonly vncode: string; readonly title: string }
export interface DocumentSigner { readonly id: number; readonly name: string; readonly post: string }

/** The technical documents' calls (issue 15, api/routes/technical-docs.ts). */
export const technicalDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    documentUnits: build.query<{ units: DocumentUnit[] }, void>({ query: () => ({ url: '/technical_docs/units' }) }),
    documentSigners: build.query<{ iac: DocumentSigner[]; unit: DocumentSigner[] }, number>({ query: (unitId) => ({ url: `/technical_docs/signers/${unitId}` }) }),
    downloadTechnicalDoc: build.mutation<{ fileName: string }, { docId: string; body: Record<string, unknown>; fallbackName: string }>({
      query: ({ docId, body, fallbackName }) => ({
        url: `/technical_docs/${docId}`,
        method: 'POST',
        body,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, fallbackName) };
        },
        cache: 'no-store',
      }),
      extraOptions: { quiet: [400, 404] },
    }),
  }),
});

export const { useDocumentUnitsQuery, useDocumentSignersQuery, useDownloadTechnicalDocMutation } = technicalDocsApi;
