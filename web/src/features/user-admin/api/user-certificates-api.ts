import type { CertificateSource, CertificateSummary } from '@domain/signing/certificates';
import { api } from '@/lib/api';

export interface RegisteredCertificateRow extends CertificateSummary {
  readonly source: CertificateSource;
  readonly registered_at: string;
  readonly registered_by: number | null;
}

export interface ProposedCertificateRow extends CertificateSummary {
  readonly proposed_at: string;
  readonly doc_id: string | null;
  readonly subject_matches: boolean;
}

export interface AccountCertificates {
  readonly registered: readonly RegisteredCertificateRow[];
  readonly proposed: readonly ProposedCertificateRow[];
}

interface ByThumbprint {
  readonly userId: number;
  readonly thumbprint: string;
}

/**
 * The employee card's 'Сертификаты': GET /api/users/{id}/certificates; with RIGHT_SIGNING_CERTIFICATES
 * FULL: POST (multipart `file`: .cer/.crt), POST …/{thumbprint}/confirm, DELETE …/{thumbprint} and
 * DELETE /api/users/{id}/certificate_proposals/{thumbprint}. The server's message is the notice.
 */
export const userCertificatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userCertificates: build.query<AccountCertificates, number>({
      query: (userId) => `/users/${userId}/certificates`,
      providesTags: (_r, _e, userId) => [{ type: 'UserCertificates', id: userId }],
    }),
    registerCertificate: build.mutation<AccountCertificates, { userId: number; file: File }>({
      query: ({ userId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/users/${userId}/certificates`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'UserCertificates', id: userId }],
    }),
    confirmCertificate: build.mutation<AccountCertificates, ByThumbprint>({
      query: ({ userId, thumbprint }) => ({ url: `/users/${userId}/certificates/${thumbprint}/confirm`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'UserCertificates', id: userId }],
    }),
    rejectCertificate: build.mutation<AccountCertificates, ByThumbprint>({
      query: ({ userId, thumbprint }) => ({ url: `/users/${userId}/certificate_proposals/${thumbprint}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'UserCertificates', id: userId }],
    }),
    unregisterCertificate: build.mutation<AccountCertificates, ByThumbprint>({
      query: ({ userId, thumbprint }) => ({ url: `/users/${userId}/certificates/${thumbprint}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'UserCertificates', id: userId }],
    }),
  }),
});

export const {
  useUserCertificatesQuery,
  useRegisterCertificateMutation,
  useConfirmCertificateMutation,
  useRejectCertificateMutation,
  useUnregisterCertificateMutation,
} = userCertificatesApi;
