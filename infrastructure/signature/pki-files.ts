import * as pkijs from 'pkijs';
import { bufferOf } from '../../domain/signing/soft-signer';

/**
 * The files an administrator uploads: a certificate (.cer/.crt, DER or PEM, PEM may hold several),
 * a PKCS#7 bundle (.p7b, DER or PEM) and a CRL (.crl, DER or PEM). Only the shapes are read here;
 * what the certificates are is judged by their callers.
 */
export class PkiFileError extends Error {}

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** The PEM blocks of a text file with their labels; none when the bytes are not PEM. */
export const pemBlocks = (bytes: Uint8Array): Array<{ label: string; der: Uint8Array }> => {
  // PEM is ASCII; a DER file read as latin1 never holds a whole BEGIN…END pair.
  const text = Buffer.from(bytes).toString('latin1');
  return [...text.matchAll(PEM)].map((m) => ({ label: m[1]!, der: new Uint8Array(Buffer.from(m[2]!.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')) }));
};

/** Base64 text without PEM armour (what a form field may carry) as DER, else the bytes themselves. */
const unarmoured = (bytes: Uint8Array): Uint8Array => {
  const text = Buffer.from(bytes).toString('latin1').trim();
  if (text.length > 0 && /^[A-Za-z0-9+/=\s]+$/.test(text) && bytes[0] !== 0x30) return new Uint8Array(Buffer.from(text.replace(/\s/g, ''), 'base64'));
  return bytes;
};

const signedDataCertificates = (der: Uint8Array): Uint8Array[] | null => {
  try {
    const info = pkijs.ContentInfo.fromBER(bufferOf(der));
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return null;
    const signed = new pkijs.SignedData({ schema: info.content });
    return (signed.certificates ?? [])
      .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
      .map((c) => new Uint8Array(c.toSchema().toBER(false)));
  } catch {
    return null;
  }
};

const isCertificate = (der: Uint8Array): boolean => {
  try {
    pkijs.Certificate.fromBER(bufferOf(der));
    return true;
  } catch {
    return false;
  }
};

/** The certificates of a .cer/.crt/.p7b upload (DER, PEM, or base64 text), in file order; throws PkiFileError. */
export const certificatesOfFile = (bytes: Uint8Array): Uint8Array[] => {
  const blocks = pemBlocks(bytes);
  const ders = blocks.length ? blocks.map((b) => b.der) : [unarmoured(bytes)];
  const out: Uint8Array[] = [];
  for (const der of ders) {
    if (der.length === 0) continue;
    const bundled = signedDataCertificates(der);
    if (bundled) {
      out.push(...bundled);
      continue;
    }
    if (!isCertificate(der)) throw new PkiFileError('not a certificate');
    out.push(der);
  }
  if (out.length === 0) throw new PkiFileError('no certificates');
  return out;
};

/** The DER of a .crl upload (DER or PEM). */
export const crlOfFile = (bytes: Uint8Array): Uint8Array => {
  const blocks = pemBlocks(bytes).filter((b) => b.label === 'X509 CRL');
  return blocks[0]?.der ?? unarmoured(bytes);
};
