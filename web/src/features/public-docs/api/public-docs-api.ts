import { api } from '@/lib/api';

/** GET /api/public_docs/{name}: one PDF, inline (shown through lib/blob-url: the call carries the session headers a plain link cannot). */
export const publicDocPath = (name: string) => `/public_docs/${encodeURIComponent(name)}`;

/** GET /api/public_docs and POST /api/public_docs (RIGHT_SETTINGS FULL). */
export const publicDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The file names present in the folder. */
    publicDocs: build.query<string[], void>({
      query: () => '/public_docs',
      transformResponse: (raw: { docs: string[] }) => raw.docs,
    }),
    /** multipart: name (the order's file name) and file (a PDF). */
    uploadPublicDoc: build.mutation<{ message: string; name: string }, FormData>({
      query: (body) => ({ url: '/public_docs', method: 'POST', body }),
    }),
  }),
});

export const { usePublicDocsQuery, useUploadPublicDocMutation } = publicDocsApi;
