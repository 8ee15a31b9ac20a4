import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { bufferOf } from '../../domain/signing/soft-signer';
import type { CertificateSummary } from '../../domain/signing/certificates';

/**
 * What the signing code reads from an X.509 certificate (pkijs parses; nothing is verified here):
 * names, serial, thumbprint, validity and the extensions a chain and a signer are judged by.
 */
export type KeyKind = 'gost256' | 'gost512' | 'rsa' | 'ec';

export interface CertificateFacts extends CertificateSummary {
  readonly der: Uint8Array;
  /** The names as comparable keys (attribute types and values, case and spaces folded). */
  readonly subjectKey: string;
  readonly issuerKey: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** basicConstraints cA; null when the certificate has no basicConstraints (a v1 root). */
  readonly ca: boolean | null;
  readonly pathLen: number | null;
  /** keyUsage bits by name; null when the extension is absent (no restriction). */
  readonly keyUsage: readonly KeyUsage[] | null;
  readonly crlUrls: readonly string[];
  readonly selfIssued: boolean;
  readonly keyKind: KeyKind | null;
  readonly keyAlgorithm: string;
  readonly signatureAlgorithm: string;
  readonly tbs: Uint8Array;
  readonly signature: Uint8Array;
  /** The subjectSignTool extension of Russian qualified certificates (the signer's crypto tool). */
  readonly signTool: string | null;
  /** Subject Key Identifier / Authority Key Identifier (hex), when present. */
  readonly ski: string | null;
  readonly aki: string | null;
}

export type KeyUsage =
  | 'digitalSignature'
  | 'nonRepudiation'
  | 'keyEncipherment'
  | 'dataEncipherment'
  | 'keyAgreement'
  | 'keyCertSign'
  | 'cRLSign'
  | 'encipherOnly'
  | 'decipherOnly';
const keyUsageBits: readonly KeyUsage[] = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
];

export const OID = {
  cn: '2.5.4.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  title: '2.5.4.12',
  organization: '2.5.4.10',
  snils: '1.2.643.100.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  crlDistributionPoints: '2.5.29.31',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  subjectSignTool: '1.2.643.100.111',
  gost256: '1.2.643.7.1.1.1.1',
  gost512: '1.2.643.7.1.1.1.2',
  rsa: '1.2.840.113549.1.1.1',
  ec: '1.2.840.10045.2.1',
} as const;

const attrNames: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'G',
  '2.5.4.12': 'T',
  '2.5.4.11': 'OU',
  '2.5.4.10': 'O',
  '2.5.4.7': 'L',
  '2.5.4.8': 'S',
  '2.5.4.9': 'STREET',
  '2.5.4.6': 'C',
  '1.2.840.113549.1.9.1': 'E',
  '1.2.643.100.3': 'СНИЛС',
  '1.2.643.100.1': 'ОГРН',
  '1.2.643.100.4': 'ИНН ЮЛ',
  '1.2.643.3.131.1.1': 'ИНН',
};

export const hex = (bytes: ArrayBuffer | Uint8Array): string =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex').toUpperCase();

export const sha1 = (der: Uint8Array): string => createHash('sha1').update(der).digest('hex').toUpperCase();

const valueText = (tv: pkijs.AttributeTypeAndValue): string => {
  const v = tv.value as { valueBlock?: { value?: unknown } };
  return String(v.valueBlock?.value ?? '').trim();
};

/** A distinguished name as 'CN=…, O=…' in the certificate's own order, the attributes we can name. */
export const nameText = (name: pkijs.RelativeDistinguishedNames): string =>
  name.typesAndValues.flatMap((tv) => (attrNames[tv.type] ? [`${attrNames[tv.type]}=${valueText(tv)}`] : [])).join(', ');

/** A name as a comparable key: attribute types and values, case and spaces folded. */
export const nameKey = (name: pkijs.RelativeDistinguishedNames): string =>
  name.typesAndValues
    .map((tv) => `${tv.type}=${valueText(tv).toLowerCase().replace(/\s+/g, ' ')}`)
    .join('|');

const attr = (name: pkijs.RelativeDistinguishedNames, oid: string): string | null => {
  const tv = name.typesAndValues.find((t) => t.type === oid);
  const text = tv ? valueText(tv) : '';
  return text || null;
};

const extension = (cert: pkijs.Certificate, oid: string): pkijs.Extension | undefined => cert.extensions?.find((e) => e.extnID === oid);

const keyUsageOf = (cert: pkijs.Certificate): KeyUsage[] | null => {
  const ext = extension(cert, OID.keyUsage);
  if (!ext) return null;
  const bits = ext.parsedValue instanceof asn1js.BitString ? ext.parsedValue.valueBlock.valueHexView : new Uint8Array(0);
  return keyUsageBits.filter((_, i) => ((bits[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0);
};

const crlUrlsOf = (cert: pkijs.Certificate): string[] => {
  const ext = extension(cert, OID.crlDistributionPoints);
  const points = (ext?.parsedValue as pkijs.CRLDistributionPoints | undefined)?.distributionPoints ?? [];
  return points.flatMap((p) => {
    const names = Array.isArray(p.distributionPoint) ? p.distributionPoint : [];
    return names.flatMap((n: pkijs.GeneralName) => (n.type === 6 && typeof n.value === 'string' ? [n.value] : []));
  });
};

const signToolOf = (cert: pkijs.Certificate): string | null => {
  const ext = extension(cert, OID.subjectSignTool);
  if (!ext) return null;
  const parsed = asn1js.fromBER(ext.extnValue.valueBlock.valueHexView);
  const block = parsed.result as { valueBlock?: { value?: unknown } };
  return parsed.offset === -1 ? null : String(block.valueBlock?.value ?? '') || null;
};

const keyKindOf = (oid: string): KeyKind | null =>
  oid === OID.gost256 ? 'gost256' : oid === OID.gost512 ? 'gost512' : oid === OID.rsa ? 'rsa' : oid === OID.ec ? 'ec' : null;

/** The serial as whole bytes in hex without the sign byte (the software signer's `serialHex` names it the same way). */
const serialOf = (cert: pkijs.Certificate): string => hex(cert.serialNumber.valueBlock.valueHexView).replace(/^(00)+(?=.)/, '');

export class CertificateParseError extends Error {}

/** Reads one DER certificate; throws CertificateParseError when it is not one. */
export const parseCertificate = (der: Uint8Array): CertificateFacts => {
  let cert: pkijs.Certificate;
  try {
    cert = pkijs.Certificate.fromBER(bufferOf(der));
  } catch (error) {
    throw new CertificateParseError(error instanceof Error ? error.message : String(error));
  }
  const basic = extension(cert, OID.basicConstraints)?.parsedValue as pkijs.BasicConstraints | undefined;
  const pathLen = basic?.pathLenConstraint;
  const subjectKey = nameKey(cert.subject);
  const issuerKey = nameKey(cert.issuer);
  const ski = extension(cert, OID.subjectKeyIdentifier)?.parsedValue as asn1js.OctetString | undefined;
  const aki = (extension(cert, OID.authorityKeyIdentifier)?.parsedValue as pkijs.AuthorityKeyIdentifier | undefined)?.keyIdentifier;
  const surname = attr(cert.subject, OID.surname);
  const givenName = attr(cert.subject, OID.givenName);
  const keyAlgorithm = cert.subjectPublicKeyInfo.algorithm.algorithmId;
  return {
    der,
    thumbprint: sha1(der),
    serial: serialOf(cert),
    subject: nameText(cert.subject),
    issuer: nameText(cert.issuer),
    owner: attr(cert.subject, OID.cn) ?? ([surname, givenName].filter(Boolean).join(' ') || nameText(cert.subject)),
    surname,
    given_name: givenName,
    snils: attr(cert.subject, OID.snils),
    organization: attr(cert.subject, OID.organization),
    valid_from: cert.notBefore.value.toISOString(),
    valid_to: cert.notAfter.value.toISOString(),
    subjectKey,
    issuerKey,
    notBefore: cert.notBefore.value,
    notAfter: cert.notAfter.value,
    ca: basic ? basic.cA === true : null,
    pathLen: typeof pathLen === 'number' ? pathLen : null,
    keyUsage: keyUsageOf(cert),
    crlUrls: crlUrlsOf(cert),
    selfIssued: subjectKey === issuerKey,
    keyKind: keyKindOf(keyAlgorithm),
    keyAlgorithm,
    signatureAlgorithm: cert.signatureAlgorithm.algorithmId,
    tbs: new Uint8Array(cert.tbsView),
    signature: new Uint8Array(cert.signatureValue.valueBlock.valueHexView),
    signTool: signToolOf(cert),
    ski: ski instanceof asn1js.OctetString ? hex(ski.valueBlock.valueHexView) : null,
    aki: aki ? hex(aki.valueBlock.valueHexView) : null,
  };
};

/** The summary kept with a signature, a registration or a trusted CA (no DER, no parsed objects). */
export const summaryOf = (c: CertificateFacts): CertificateSummary => ({
  thumbprint: c.thumbprint,
  serial: c.serial,
  subject: c.subject,
  issuer: c.issuer,
  owner: c.owner,
  surname: c.surname,
  given_name: c.given_name,
  snils: c.snils,
  organization: c.organization,
  valid_from: c.valid_from,
  valid_to: c.valid_to,
});

/** A CA certificate: basicConstraints cA, or a self-issued v1 root without extensions. */
export const isCaCertificate = (c: CertificateFacts): boolean => c.ca === true || (c.ca === null && c.selfIssued && c.keyUsage === null);
