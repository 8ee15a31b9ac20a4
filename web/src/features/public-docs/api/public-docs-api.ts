import { api } from '@/lib/api';

/** GET /api/public_docs, GET /api/public_docs/{name} (inline PDF) and POST /api/public_docs (RIGHT_SETTINGS FULL). */
export const publicDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The file names present in the folder. */
    publicDocs: build.query<string[], void>({
      query: () => '/public_docs',
      transformResponse: (raw: { docs: string[] }) => raw.docs,
    }),
    /** One PDF as an object URL (the call carries the session headers a plain link cannot). */
    publicDocUrl: build.mutation<string, string>({
      query: (name) => ({
        url: `/public_docs/${encodeURIComponent(name)}`,
        responseHandler: async (response: Response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json().catch(() => null)),
      }),
      // The order's tab shows a missing document itself.
      extraOptions: { successNotice: false, quiet: [404] },
    }),
    /** multipart: name (the order's file name) and file (a PDF). */
    uploadPublicDoc: build.mutation<{ message: string; name: string }, FormData>({
      query: (body) => ({ url: '/public_docs', method: 'POST', body }),
    }),
  }),
});

export const { usePublicDocsQuery, usePublicDocUrlMutation, useUploadPublicDocMutation } = publicDocsApi;
