import { X509Certificate as NodeX509, createHash, verify as nodeVerify } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import gost from '@wavesenterprise/crypto-gost-js';
import type { GostX509 } from '@wavesenterprise/crypto-gost-js';
import { invalid } from '../../domain/shared/errors';
import type { SignatureFacts } from '../../domain/signing/events';
import { signingMessages as m, verifyReasons as r } from '../../domain/signing/messages';
import { bufferOf } from '../../domain/signing/soft-signer';

/**
 * Server verification of a detached CMS signature before it is stored (issue 13): exactly one signer,
 * no embedded content, messageDigest = hash of the STORED original, the signature over the signed
 * attributes valid (GOST 2012 256/512 with crypto-gost-js; RSA and ECDSA with Node's OpenSSL), the
 * certificate valid at the signing time and chained to a trusted root, and the one the client chose.
 * pkijs parses the structure; it cannot verify GOST. Revocation is not checked (offline).
 * Every refusal is a 400 with the Russian text of requests.md 8.
 */
export interface VerifyInput {
  readonly signature: Uint8Array;
  readonly content: Uint8Array;
  /** DER of the certificate the client says it signed with (null: take the embedded one). */
  readonly chosenCertificate: Uint8Array | null;
  /** DER of the administrator's trusted roots. */
  readonly trustedRoots: readonly Uint8Array[];
  readonly now: Date;
}

const OID = {
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  gost256: '1.2.643.7.1.1.1.1',
  gost512: '1.2.643.7.1.1.1.2',
  gostDigest256: '1.2.643.7.1.1.2.2',
  gostDigest512: '1.2.643.7.1.1.2.3',
  rsa: '1.2.840.113549.1.1.1',
  ec: '1.2.840.10045.2.1',
} as const;

const shaDigests: Readonly<Record<string, string>> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

const fail = (reason: string) => invalid(m.verifyFailed(reason));

const { CryptoGost: g, GostEngine: engine } = gost;

const attrNames: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'G',
  '2.5.4.12': 'T',
  '2.5.4.11': 'OU',
  '2.5.4.10': 'O',
  '2.5.4.7': 'L',
  '2.5.4.8': 'S',
  '2.5.4.6': 'C',
};

const nameOf = (name: pkijs.RelativeDistinguishedNames): string =>
  name.typesAndValues
    .flatMap((tv) => (attrNames[tv.type] ? [`${attrNames[tv.type]}=${String((tv.value as { valueBlock: { value: unknown } }).valueBlock.value)}`] : []))
    .join(', ');

const commonNameOf = (name: pkijs.RelativeDistinguishedNames): string => {
  const cn = name.typesAndValues.find((tv) => tv.type === '2.5.4.3');
  return cn ? String((cn.value as { valueBlock: { value: unknown } }).valueBlock.value) : nameOf(name);
};

const hex = (bytes: ArrayBuffer | Uint8Array): string => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex').toUpperCase();

const sha1 = (der: Uint8Array): string => createHash('sha1').update(der).digest('hex').toUpperCase();

const derOf = (cert: pkijs.Certificate): Uint8Array => new Uint8Array(cert.toSchema().toBER(false));

const parseCertificate = (der: Uint8Array): pkijs.Certificate => {
  try {
    return pkijs.Certificate.fromBER(bufferOf(der));
  } catch {
    throw invalid(m.certificateNotFound);
  }
};

const keyKind = (cert: pkijs.Certificate): 'gost256' | 'gost512' | 'rsa' | 'ec' | null => {
  const oid = cert.subjectPublicKeyInfo.algorithm.algorithmId;
  return oid === OID.gost256 ? 'gost256' : oid === OID.gost512 ? 'gost512' : oid === OID.rsa ? 'rsa' : oid === OID.ec ? 'ec' : null;
};

const algorithmTitles = { gost256: 'GOST R 34.10-2012 256', gost512: 'GOST R 34.10-2012 512', rsa: 'RSA', ec: 'ECDSA' } as const;

const digestOf = (oid: string, content: Uint8Array): Uint8Array => {
  if (oid === OID.gostDigest256 || oid === OID.gostDigest512)
    return new Uint8Array(engine.getGostDigest({ name: 'GOST R 34.11', version: 2012, length: oid === OID.gostDigest256 ? 256 : 512 }).digest(content));
  const sha = shaDigests[oid];
  if (!sha) throw fail(r.unsupported(oid));
  return new Uint8Array(createHash(sha).update(content).digest());
};

const gostCertOf = (der: Uint8Array): GostX509 => new g.cert.X509(bufferOf(der));

/** Whether `issuer` issued `cert` and `cert` was valid at `date` (the issuer's signature checked). */
const issuedBy = async (cert: Uint8Array, issuer: Uint8Array, date: Date): Promise<boolean> => {
  const kind = keyKind(parseCertificate(issuer));
  try {
    if (kind === 'gost256' || kind === 'gost512') {
      await gostCertOf(cert).verify(gostCertOf(issuer), null, date);
      return true;
    }
    const c = new NodeX509(Buffer.from(cert));
    const i = new NodeX509(Buffer.from(issuer));
    return c.checkIssued(i) && c.verify(i.publicKey);
  } catch {
    return false;
  }
};

/** A path from `leaf` to a trusted root through the certificates the CMS carries (at most 5 steps). */
const chainsToTrusted = async (leaf: Uint8Array, carried: readonly Uint8Array[], roots: readonly Uint8Array[], date: Date): Promise<boolean> => {
  let current = leaf;
  for (let depth = 0; depth < 5; depth++) {
    for (const root of roots) if (await issuedBy(current, root, date)) return true;
    let found: Uint8Array | null = null;
    for (const c of carried) if (!found && sha1(c) !== sha1(current) && (await issuedBy(current, c, date))) found = c;
    if (!found) return false;
    current = found;
  }
  return false;
};

const attrValue = (signer: pkijs.SignerInfo, oid: string): asn1js.AsnType | null =>
  signer.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0] ?? null;

export const verifyDetachedCms = async (input: VerifyInput): Promise<SignatureFacts> => {
  let signed: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(bufferOf(input.signature));
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not signed data');
    signed = new pkijs.SignedData({ schema: info.content });
  } catch {
    throw fail(r.notCms);
  }
  if (signed.signerInfos.length !== 1) throw fail(r.signerCount);
  if (signed.encapContentInfo.eContent) throw fail(r.notDetached);
  const signer = signed.signerInfos[0]!;
  const carried = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map(derOf);

  // The signer's certificate: the embedded one its sid names, else the one the client chose.
  const sid = signer.sid as pkijs.IssuerAndSerialNumber | asn1js.OctetString;
  const matches = (der: Uint8Array): boolean => {
    const c = parseCertificate(der);
    if (sid instanceof pkijs.IssuerAndSerialNumber) return c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber);
    return false;
  };
  const certDer = carried.find(matches) ?? (input.chosenCertificate && matches(input.chosenCertificate) ? input.chosenCertificate : null);
  if (!certDer) throw invalid(m.certificateNotFound);
  if (input.chosenCertificate && sha1(input.chosenCertificate) !== sha1(certDer)) throw fail(r.otherCertificate);
  const cert = parseCertificate(certDer);
  const kind = keyKind(cert);
  if (!kind) throw fail(r.unsupported(cert.subjectPublicKeyInfo.algorithm.algorithmId));

  // messageDigest over the stored original.
  if (!signer.signedAttrs) throw fail(r.noSignedAttributes);
  const digestAttr = attrValue(signer, OID.messageDigest);
  if (!(digestAttr instanceof asn1js.OctetString)) throw fail(r.noSignedAttributes);
  const digest = digestOf(signer.digestAlgorithm.algorithmId, input.content);
  if (hex(digestAttr.valueBlock.valueHexView) !== hex(digest)) throw fail(r.digestMismatch);

  const timeAttr = attrValue(signer, OID.signingTime);
  if (!(timeAttr instanceof asn1js.UTCTime || timeAttr instanceof asn1js.GeneralizedTime)) throw fail(r.noSigningTime);
  const signedAt = timeAttr.toDate();
  if (signedAt.getTime() > input.now.getTime() + 5 * 60_000) throw fail(r.futureSigningTime);

  // The signature over the signed attributes, re-tagged from [0] IMPLICIT to SET OF (RFC 5652 5.4).
  const attrs = new Uint8Array(signer.signedAttrs.encodedValue);
  attrs[0] = 0x31;
  const signature = new Uint8Array(signer.signature.valueBlock.valueHexView);
  let valid = false;
  try {
    if (kind === 'gost256' || kind === 'gost512') {
      const gc = gostCertOf(certDer);
      const hash = kind === 'gost256' ? { name: 'GOST R 34.11', version: 2012, length: 256 } : { name: 'GOST R 34.11', version: 2012, length: 512 };
      valid = await gc.verifySignature(bufferOf(attrs), bufferOf(signature), { ...gc.subjectPublicKeyInfo.algorithm, hash });
    } else {
      const sha = shaDigests[signer.digestAlgorithm.algorithmId];
      if (!sha) throw fail(r.unsupported(signer.digestAlgorithm.algorithmId));
      valid = nodeVerify(sha, attrs, new NodeX509(Buffer.from(certDer)).publicKey, signature);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error;
    valid = false;
  }
  if (!valid) throw fail(r.badSignature);

  const notBefore = cert.notBefore.value;
  const notAfter = cert.notAfter.value;
  if (signedAt < notBefore || signedAt > notAfter) throw fail(r.certificateExpired);
  if (!(await chainsToTrusted(certDer, carried, input.trustedRoots, signedAt))) throw fail(r.untrusted);

  return {
    owner: commonNameOf(cert.subject),
    serial: serialOf(cert),
    thumbprint: sha1(certDer),
    valid_from: notBefore.toISOString(),
    valid_to: notAfter.toISOString(),
    signed_at: signedAt.toISOString(),
    issuer: nameOf(cert.issuer),
    algorithm: algorithmTitles[kind],
    revocation: 'not_checked',
  };
};

/** The serial as whole bytes in hex without the sign byte (the signer's `serialHex` names it the same way). */
const serialOf = (cert: pkijs.Certificate): string => hex(cert.serialNumber.valueBlock.valueHexView).replace(/^(00)+(?=.)/, '');

/** Facts of a certificate (for the trusted roots list). */
export const describeCertificate = (der: Uint8Array): { subject: string; serial: string; thumbprint: string; validFrom: string; validTo: string } => {
  const cert = parseCertificate(der);
  return {
    subject: nameOf(cert.subject),
    serial: serialOf(cert),
    thumbprint: sha1(der),
    validFrom: cert.notBefore.value.toISOString(),
    validTo: cert.notAfter.value.toISOString(),
  };
};
