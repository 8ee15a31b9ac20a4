/**
 * The browser's signer port (decisions 72–86): where certificates come from and how a detached CMS signature
 * over a document's original bytes is made. Two implementations: the CryptoPro plug-in
 * (./cryptopro-signer.ts) and the software signer over a `.key.json` file (./soft-signer.ts).
 * Screens talk only to this port, so the server sees the same POST /api/signs from either.
 */
export type SignerSource = 'cryptopro' | 'soft';

export interface SignerCertificate {
  /** Unique within its signer (the thumbprint). */
  readonly id: string;
  readonly source: SignerSource;
  /** The owner's name (CN) as shown in the chooser. */
  readonly owner: string;
  readonly subject: string;
  readonly issuer: string;
  /** ISO date-times. */
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-1 of the certificate, upper-case hex. */
  readonly thumbprint: string;
  readonly serial: string;
  /** Base64 DER of the certificate (the `certificate` field of POST /api/signs). */
  readonly certificateBase64: string;
}

export interface Signer {
  readonly source: SignerSource;
  listCertificates(): Promise<SignerCertificate[]>;
  /** DER of a detached CMS (CAdES-BES) signature over exactly these bytes. */
  signDetached(cert: SignerCertificate, bytes: Uint8Array): Promise<Uint8Array>;
}

/** A Russian message the screens show in red as it is (requests.md 8). */
export class SigningError extends Error {
  override readonly name = 'SigningError';
}

/** The CN of a 'CN=…, O=…' or 'CN="…", …' name, else the whole name. */
export const commonNameOf = (dn: string): string => {
  const m = /(?:^|[,;]\s*)CN=("([^"]*)"|[^,;]*)/i.exec(dn);
  const cn = (m?.[2] ?? m?.[1] ?? '').trim();
  return cn || dn;
};

/** Whether a certificate is valid at the given moment (the chooser marks the others). */
export const isValidAt = (cert: Pick<SignerCertificate, 'validFrom' | 'validTo'>, at: Date): boolean =>
  new Date(cert.validFrom).getTime() <= at.getTime() && at.getTime() <= new Date(cert.validTo).getTime();
