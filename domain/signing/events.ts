import { z } from 'zod';
import type { EventOf } from '../shared/events';
import type { CertificateSummary, RevocationStatus } from './certificates';

/** The signer roles in signing order: branch (IAC), object (unit), final. */
export type SignerKind = 'iac' | 'unit' | 'final';
export const signerKinds: readonly SignerKind[] = ['iac', 'unit', 'final'];
/** The signer role a signature is sent for (POST /api/signs, part signerKind). */
export const signerKindSchema = z.enum(['iac', 'unit', 'final']);
/** A signing document's id as the client sends it (POST /api/signs, part docId): up to 10 digits. */
export const signDocIdSchema = z.string().regex(/^\d{1,10}$/);

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
  /** 'good': current CRLs of every CA on the path list none of it; 'not_checked': some status unknown. */
  readonly revocation: RevocationStatus;
  /** What the revocation check consulted, or why a status is unknown (absent before revocation was checked). */
  readonly revocation_detail?: string;
  /** The path as verified, signer first, trusted root last: kept so removing a CA later changes nothing here. */
  readonly chain?: readonly CertificateSummary[];
  /** Made with a demo stand's software key (its certificate names the demo tool): the stamp says so. */
  readonly demo?: boolean;
  readonly snils?: string | null;
  /** The signer's region's offset from UTC in minutes at signing (the stamp prints the time there). */
  readonly utc_offset_minutes?: number;
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
