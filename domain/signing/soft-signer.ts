// The one library the domain takes besides zod and xstate: pure-JS GOST arithmetic, shared by the browser
// and the server (decisions 72–86), with no IO.
// eslint-disable-next-line import/no-restricted-paths
import gost from '@wavesenterprise/crypto-gost-js';
// eslint-disable-next-line import/no-restricted-paths
import type { GostName, GostX509 } from '@wavesenterprise/crypto-gost-js';
import { fromBase64 } from './base64';

// Callers of the signer take base64 from here too (one implementation, ./base64.ts).
export { fromBase64, toBase64 } from './base64';

/**
 * The software signer of demo stands and tests (decisions 72–86): a GOST R 34.10-2012 key and certificate in
 * a `.key.json` file the user picks, like small "file certificate" signers. Pure computation, no IO:
 * the browser (web/src/lib/signing) and the tests use the same code. Makes a detached CMS
 * (CAdES-BES-like): signed attributes contentType, signingTime, messageDigest in DER order
 * (OpenSSL checks the order), the certificate embedded.
 */
export const SOFT_KEY_FORMAT = 'itsup-soft-key-1';

export interface SoftKey {
  readonly format: typeof SOFT_KEY_FORMAT;
  readonly algorithm: 'GOST R 34.10-2012 256' | 'GOST R 34.10-2012 512';
  /** Base64 DER of the X.509 certificate. */
  readonly certificate: string;
  /** Base64 DER of the PKCS#8 private key. */
  readonly privateKey: string;
  readonly owner: string;
}

export interface CertificateInfo {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-1 of the DER, upper-case hex without spaces (as CryptoPro shows it). */
  readonly thumbprint: string;
  /** Serial number, upper-case hex. */
  readonly serial: string;
}

const { CryptoGost: g, GostEngine: engine } = gost;

/**
 * A fresh ArrayBuffer holding exactly these bytes (crypto-gost-js takes ArrayBuffers). Copied through
 * the Uint8Array constructor: a Node Buffer's own slice() is a view into a shared pool.
 */
export const bufferOf = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();

export const sha1Thumbprint = (der: Uint8Array): string => hex(new Uint8Array(engine.getGostDigest({ name: 'SHA-1', version: 1 }).digest(der)));

const nameOrder: ReadonlyArray<[string, string]> = [
  ['commonName', 'CN'],
  ['surname', 'SN'],
  ['givenName', 'G'],
  ['title', 'T'],
  ['organizationalUnitName', 'OU'],
  ['organizationName', 'O'],
  ['localityName', 'L'],
  ['stateOrProvinceName', 'S'],
  ['countryName', 'C'],
];

/** A distinguished name as 'CN=…, O=…, C=RU' (the attributes we know, CN first). */
export const formatName = (name: GostName): string =>
  nameOrder.flatMap(([key, short]) => (name[key] ? [`${short}=${name[key]}`] : [])).join(', ');

/** A serial number as whole bytes in hex, without the sign byte: the way the server's verifier names it. */
export const serialHex = (serial: number | string): string => {
  const s = typeof serial === 'string' && serial.startsWith('0x') ? serial.slice(2) : serial;
  const digits = typeof s === 'number' ? s.toString(16) : /^[0-9a-fA-F]+$/.test(s) ? s : BigInt(s).toString(16);
  const even = digits.length % 2 ? `0${digits}` : digits;
  return even.toUpperCase().replace(/^(00)+(?=.)/, '');
};

const parseCertificate = (der: Uint8Array): GostX509 => new g.cert.X509(bufferOf(der));

export const certificateInfo = (der: Uint8Array): CertificateInfo => {
  const c = parseCertificate(der);
  return {
    subject: formatName(c.subject),
    issuer: formatName(c.issuer),
    validFrom: c.notBefore.toISOString(),
    validTo: c.notAfter.toISOString(),
    thumbprint: sha1Thumbprint(der),
    serial: serialHex(c.serialNumber),
  };
};

/** Reads a `.key.json`; throws a Russian message when it is not one of ours. */
export const parseSoftKey = (json: string): SoftKey => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('Файл ключа не является JSON');
  }
  const v = value as Partial<SoftKey> | null;
  if (!v || v.format !== SOFT_KEY_FORMAT || typeof v.certificate !== 'string' || typeof v.privateKey !== 'string')
    throw new Error('Файл не является ключом подписи (ожидается .key.json)');
  if (v.algorithm !== 'GOST R 34.10-2012 256' && v.algorithm !== 'GOST R 34.10-2012 512') throw new Error('Алгоритм ключа не поддерживается');
  return { format: SOFT_KEY_FORMAT, algorithm: v.algorithm, certificate: v.certificate, privateKey: v.privateKey, owner: String(v.owner ?? '') };
};

export const signDetachedSoft = async (key: SoftKey, bytes: Uint8Array): Promise<Uint8Array> => {
  // A library-wide option: embed the signer's certificate (the server names the signer by it).
  g.cms.options.autoAddCert = true;
  const cert = parseCertificate(fromBase64(key.certificate));
  const privateKey = new g.asn1.PrivateKeyInfo(bufferOf(fromBase64(key.privateKey)));
  const cms = new g.cms.SignedDataContentInfo();
  cms.setEnclosed(new g.cms.DataContentInfo({ contentType: 'data', content: bufferOf(bytes) }));
  cms.writeDetached(true);
  // DER sorts a SET OF by encoding, and the attributes' lengths decide here: contentType, signingTime,
  // messageDigest. The library writes the keys in the order given; another order fails in OpenSSL.
  await cms.addSignature(privateKey, cert, { contentType: null, signingTime: null, messageDigest: null });
  return new Uint8Array(cms.encode('DER'));
};
