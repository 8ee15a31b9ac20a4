import type { TrustedCaKind, TrustedCrl } from '@domain/signing/trusted-cas';
import { api } from '@/lib/api';

/** A trusted CA as GET /api/trusted_cas lists it (no DER). */
export interface TrustedCaRow {
  readonly thumbprint: string;
  readonly subject: string;
  readonly serial: string;
  readonly valid_from: string;
  readonly valid_to: string;
  readonly kind: TrustedCaKind;
  readonly issuer?: string;
  readonly owner?: string;
}

export interface TrustStoreView {
  readonly cas: readonly TrustedCaRow[];
  readonly crls: readonly TrustedCrl[];
}

/**
 * 'Доверенные УЦ' (RIGHT_SIGNING_CERTIFICATES FULL): GET /api/trusted_cas, POST /api/trusted_cas
 * (multipart `file`: .cer, .crt, .p7b), DELETE /api/trusted_cas/{thumbprint}, POST /api/trusted_crls
 * (multipart `file`: .crl), DELETE /api/trusted_crls/{id}. The server's message is the notice.
 */
export const trustedCasApi = api.injectEndpoints({
  endpoints: (build) => ({
    trustStore: build.query<TrustStoreView, void>({ query: () => '/trusted_cas', providesTags: ['TrustStore'] }),
    addTrustedCa: build.mutation<{ message: string }, FormData>({
      query: (body) => ({ url: '/trusted_cas', method: 'POST', body }),
      invalidatesTags: ['TrustStore'],
    }),
    removeTrustedCa: build.mutation<{ message: string }, string>({
      query: (thumbprint) => ({ url: `/trusted_cas/${encodeURIComponent(thumbprint)}`, method: 'DELETE' }),
      invalidatesTags: ['TrustStore'],
    }),
    addTrustedCrl: build.mutation<{ message: string }, FormData>({
      query: (body) => ({ url: '/trusted_crls', method: 'POST', body }),
      invalidatesTags: ['TrustStore'],
    }),
    removeTrustedCrl: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/trusted_crls/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TrustStore'],
    }),
  }),
});

export const { useTrustStoreQuery, useAddTrustedCaMutation, useRemoveTrustedCaMutation, useAddTrustedCrlMutation, useRemoveTrustedCrlMutation } = trustedCasApi;
