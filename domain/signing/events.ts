import type { EventOf } from '../shared/events';

/** The signer roles in signing order: branch (IAC), object (unit), final. */
export type SignerKind = 'iac' | 'unit' | 'final';
export const signerKinds: readonly SignerKind[] = ['iac', 'unit', 'final'];

export const signerKindTitles: Readonly<Record<SignerKind, string>> = {
  iac: 'Подписант от филиала',
  unit: 'Подписант от объекта',
  final: 'Итоговый подписант',
};

export interface AssignedSigners {
  readonly iac: number | null;
  readonly unit: number | null;
  readonly final: number | null;
}

/** What the server read from the verified certificate and signature (stored with the signature). */
export interface SignatureFacts {
  readonly owner: string;
  readonly serial: string;
  /** SHA-1 of the certificate's DER, upper-case hex (as CryptoPro shows it). */
  readonly thumbprint: string;
  readonly valid_from: string;
  readonly valid_to: string;
  /** The signingTime signed attribute (ISO). */
  readonly signed_at: string;
  readonly issuer: string;
  /** Signature algorithm as named in the certificate, e.g. 'GOST R 34.10-2012 256'. */
  readonly algorithm: string;
  /** Offline: no CRL or OCSP is consulted (docs/decisions.md, issue 13 signing). */
  readonly revocation: 'not_checked';
}

export interface SigningEventMap {
  [key: string]: unknown;
  SignDocumentStarted: {
    doc_id: string;
    request_id: number;
    request_number: string | null;
    file_name: string;
    /** Checksum of the stored original the signatures are over. */
    checksum: string;
    signers_count: 2 | 3;
    signers: AssignedSigners;
  };
  DocumentSigned: {
    doc_id: string;
    kind: SignerKind;
    signer_id: number;
    /** File id of the stored detached signature (DER). */
    signature_file_id: string;
    facts: SignatureFacts;
  };
  SignDocumentCancelled: { doc_id: string };
}

export type SigningEvent = EventOf<SigningEventMap>;

export const signingEventTypes: ReadonlySet<string> = new Set(['SignDocumentStarted', 'DocumentSigned', 'SignDocumentCancelled']);

/** Stream type "sign" (commands/stream-registry.ts takes the prefix before the first dash). */
export const signDocumentStreamId = (docId: string): string => `sign-document-${docId}`;
