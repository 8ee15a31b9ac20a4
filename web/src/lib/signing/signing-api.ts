import { toBase64 } from '@domain/signing/base64';
import type { SignerKind } from '@domain/signing/events';
import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';

/** One signer's mark on a document (GET /api/files_for_signers, decisions 72–86). */
export interface SignerMark {
  readonly id: number;
  readonly name: string;
  readonly signed: boolean;
  readonly signedAt: string | null;
  readonly owner: string | null;
  readonly serial: string | null;
}

/** A document to sign as the lists show it. */
export interface SignDocument {
  readonly docId: string;
  readonly requestId: number;
  readonly requestNumber: string | number | null;
  readonly fileName: string;
  readonly signersCount: 2 | 3;
  readonly signers: Readonly<Record<SignerKind, SignerMark | null>>;
  /** The roles the caller is assigned to on this document. */
  readonly mySignerKinds: readonly SignerKind[];
  /** Whose turn it is; null when every signer has signed (or the signing was cancelled). */
  readonly nextSignerKind: SignerKind | null;
}

export interface SignDocumentsPage {
  readonly files: readonly SignDocument[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

export interface SignDocumentsFilter {
  readonly page: number;
  readonly iac: boolean;
  readonly unit: boolean;
  readonly final: boolean;
  readonly unsignedOnly: boolean;
}

export type SignDownloadKind = 'original' | 'archive' | 'stamped';

/** A certificate of a signature's chain as the server kept it. */
export interface ChainCertificate {
  readonly owner: string;
  readonly subject: string;
  readonly issuer: string;
  readonly serial: string;
  readonly thumbprint: string;
  readonly valid_from: string;
  readonly valid_to: string;
}

/** GET /api/sign_document/{docId}/signatures/{kind}: one signature's details. */
export interface SignatureDetails {
  readonly kind: SignerKind;
  readonly kindTitle: string;
  readonly signer: { readonly id: number; readonly name: string };
  readonly certificate: {
    readonly owner: string;
    readonly serial: string;
    readonly thumbprint: string;
    readonly issuer: string;
    readonly valid_from: string;
    readonly valid_to: string;
    readonly algorithm: string;
    readonly snils: string | null;
  };
  /** Signer first, trusted root last; null for a signature verified before chains were kept. */
  readonly chain: readonly ChainCertificate[] | null;
  readonly signedAt: string;
  readonly utcOffsetMinutes: number | null;
  readonly demo: boolean;
  readonly revocation: { readonly status: 'good' | 'not_checked'; readonly title: string; readonly detail: string | null };
  readonly verifiedNow: { readonly ok: boolean; readonly message: string; readonly revocation: string | null };
}

export interface SignRequest {
  readonly docId: string;
  readonly signerKind: SignerKind;
  readonly signerId: number;
  /** DER of the detached signature. */
  readonly signature: Uint8Array;
  readonly fileName: string;
  /** Base64 DER of the certificate used. */
  readonly certificate: string;
}

export const filterQuery = (f: SignDocumentsFilter): string => {
  const q = new URLSearchParams({ page: String(f.page) });
  for (const key of ['iac', 'unit', 'final', 'unsignedOnly'] as const) if (f[key]) q.set(key, 'true');
  return q.toString();
};

const downloadUrl = (docId: string, kind: SignDownloadKind) => `/sign_document/${encodeURIComponent(docId)}/${kind}`;

/** The signing calls of decisions 72–86, shared by the request dialog's Documents tab and /documents-list. */
export const signingApi = api.injectEndpoints({
  endpoints: (build) => ({
    filesForSigners: build.query<SignDocumentsPage, SignDocumentsFilter>({
      query: (f) => `/files_for_signers?${filterQuery(f)}`,
      providesTags: ['SignDocuments'],
    }),
    requestSignDocuments: build.query<readonly SignDocument[], number>({
      query: (requestId) => `/request_sign_documents/${requestId}`,
      // The contract gives the list's shape; a plain array is taken too.
      transformResponse: (raw: SignDocumentsPage | readonly SignDocument[]) => (Array.isArray(raw) ? raw : (raw as SignDocumentsPage).files),
      // The tab still lists the request's documents without their marks when this fails.
      extraOptions: { quiet: [403, 404] },
      providesTags: ['SignDocuments'],
    }),
    /** The original's bytes as base64 (serialisable in the store), to be signed. */
    signOriginal: build.mutation<string, string>({
      query: (docId) => ({
        url: downloadUrl(docId, 'original'),
        responseHandler: async (response: Response) =>
          response.ok ? toBase64(new Uint8Array(await response.arrayBuffer())) : response.json().catch(() => null),
      }),
    }),
    /** POST /api/signs (multipart); the screens show refusals themselves (a sign-all run lists them per document). */
    sign: build.mutation<{ message: string; document: SignDocument }, SignRequest>({
      query: ({ docId, signerKind, signerId, signature, fileName, certificate }) => {
        const body = new FormData();
        body.append('file', new Blob([signature.slice().buffer], { type: 'application/pkcs7-signature' }), `${fileName}.${signerKind}.sig`);
        body.append('docId', docId);
        body.append('signerKind', signerKind);
        body.append('signerId', String(signerId));
        body.append('certificate', certificate);
        return { url: '/signs', method: 'POST', body };
      },
      extraOptions: { quiet: [400, 403, 404, 409], successNotice: false },
      invalidatesTags: ['SignDocuments', 'Request'],
    }),
    /** Computed anew on every open: the verification now belongs to the moment it is asked. */
    signatureDetails: build.query<SignatureDetails, { docId: string; kind: SignerKind }>({
      query: ({ docId, kind }) => `/sign_document/${encodeURIComponent(docId)}/signatures/${kind}`,
      keepUnusedDataFor: 0,
    }),
    downloadSignDocument: build.mutation<null, { docId: string; kind: SignDownloadKind; fileName: string }>({
      query: ({ docId, kind, fileName }) => ({
        url: downloadUrl(docId, kind),
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => null);
          await saveDownload(response, fileName);
          return null;
        },
      }),
    }),
  }),
});

export const {
  useFilesForSignersQuery,
  useRequestSignDocumentsQuery,
  useSignOriginalMutation,
  useSignMutation,
  useDownloadSignDocumentMutation,
  useSignatureDetailsQuery,
} = signingApi;
