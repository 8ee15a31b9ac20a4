import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import gost from '@wavesenterprise/crypto-gost-js';
import { DomainError, invalid } from '../../domain/shared/errors';
import { signingMessages as m, verifyReasons as r } from '../../domain/signing/messages';
import { bufferOf } from '../../domain/signing/soft-signer';
import { CertificateParseError, hex, parseCertificate, type CertificateFacts } from './certificate';
import { buildChain, ChainError, checkSignerCertificate } from './chain';
import { checkRevocation, RevokedError, type CrlSource, type RevocationOutcome } from './revocation';
import { GOST_DIGEST, shaDigests, signedBy } from './signed-bytes';

/**
 * Server verification of a detached CMS signature before it is stored: exactly one signer, no
 * embedded content, messageDigest = hash of the STORED original, the signature over the signed
 * attributes valid (GOST 2012 256/512, RSA, ECDSA), the one certificate the client chose, an end
 * entity for signing valid at the signing time, its path to a trusted root built from the
 * certificates the CMS carries plus the administrator's CAs (./chain.ts), and not revoked
 * (./revocation.ts). pkijs parses the structure. Every refusal is a 400 'Не удалось проверить
 * подпись: …'.
 */
export interface TrustStore {
  readonly roots: readonly CertificateFacts[];
  readonly intermediates: readonly CertificateFacts[];
}

export interface VerifyInput {
  readonly signature: Uint8Array;
  readonly content: Uint8Array;
  /** DER of the certificate the client says it signed with (null: take the embedded one). */
  readonly chosenCertificate: Uint8Array | null;
  readonly trust: TrustStore;
  readonly crls: CrlSource;
  /** The server's time: the signing time may not be later; revocation is checked at it. */
  readonly now: Date;
  /**
   * A signature being received: its certificate must be valid now as well (false when a stored
   * signature is checked again later: a certificate that expired since does not undo it).
   */
  readonly receiving?: boolean;
}

export interface VerifiedSignature {
  readonly signer: CertificateFacts;
  /** Signer first, trusted root last. */
  readonly chain: readonly CertificateFacts[];
  readonly signedAt: Date;
  readonly revocation: RevocationOutcome;
}

const OID = { messageDigest: '1.2.840.113549.1.9.4', signingTime: '1.2.840.113549.1.9.5' } as const;

const fail = (reason: string) => invalid(m.verifyFailed(reason));

const { GostEngine: engine } = gost;

const digestOf = (oid: string, content: Uint8Array): Uint8Array => {
  if (oid === GOST_DIGEST.gost256 || oid === GOST_DIGEST.gost512)
    return new Uint8Array(engine.getGostDigest({ name: 'GOST R 34.11', version: 2012, length: oid === GOST_DIGEST.gost256 ? 256 : 512 }).digest(content));
  const sha = shaDigests[oid];
  if (!sha) throw fail(r.unsupported(oid));
  return new Uint8Array(createHash(sha).update(content).digest());
};

const attrValue = (signer: pkijs.SignerInfo, oid: string): asn1js.AsnType | null =>
  signer.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0] ?? null;

const certificateOf = (der: Uint8Array): CertificateFacts => {
  try {
    return parseCertificate(der);
  } catch (error) {
    if (error instanceof CertificateParseError) throw invalid(m.certificateNotFound);
    throw error;
  }
};

/** Parses the CMS and names its signer certificate; nothing is verified yet. */
const readCms = (input: Pick<VerifyInput, 'signature' | 'chosenCertificate'>) => {
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
  const signerInfo = signed.signerInfos[0]!;
  const carried = (signed.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => certificateOf(new Uint8Array(c.toSchema().toBER(false))));

  // The signer's certificate: the embedded one its sid names, else the one the client chose.
  const sid = signerInfo.sid as pkijs.IssuerAndSerialNumber | asn1js.Constructed | asn1js.Primitive;
  const matches = (c: CertificateFacts): boolean => {
    if (sid instanceof pkijs.IssuerAndSerialNumber) {
      const serial = hex(sid.serialNumber.valueBlock.valueHexView).replace(/^(00)+(?=.)/, '');
      return serial === c.serial && pkijs.Certificate.fromBER(bufferOf(c.der)).issuer.isEqual(sid.issuer);
    }
    // [0] SubjectKeyIdentifier.
    const ski = (sid as { valueBlock?: { valueHexView?: Uint8Array; value?: Array<{ valueBlock?: { valueHexView?: Uint8Array } }> } }).valueBlock;
    const bytes = ski?.valueHexView?.length ? ski.valueHexView : ski?.value?.[0]?.valueBlock?.valueHexView;
    return Boolean(bytes && c.ski && hex(bytes) === c.ski);
  };
  const chosen = input.chosenCertificate ? certificateOf(input.chosenCertificate) : null;
  const signer = carried.find(matches) ?? (chosen && matches(chosen) ? chosen : null);
  if (!signer) throw invalid(m.certificateNotFound);
  if (chosen && chosen.thumbprint !== signer.thumbprint) throw fail(r.otherCertificate);
  if (!signer.keyKind) throw fail(r.unsupported(signer.keyAlgorithm));
  return { signerInfo, signer, carried: carried.filter((c) => c.thumbprint !== signer.thumbprint) };
};

/** The signature itself: the digest of `content` and the signer's signature over the signed attributes. */
const checkSignatureValue = async (signerInfo: pkijs.SignerInfo, signer: CertificateFacts, content: Uint8Array, now: Date): Promise<Date> => {
  if (!signerInfo.signedAttrs) throw fail(r.noSignedAttributes);
  const digestAttr = attrValue(signerInfo, OID.messageDigest);
  if (!(digestAttr instanceof asn1js.OctetString)) throw fail(r.noSignedAttributes);
  const digest = digestOf(signerInfo.digestAlgorithm.algorithmId, content);
  if (hex(digestAttr.valueBlock.valueHexView) !== hex(digest)) throw fail(r.digestMismatch);

  const timeAttr = attrValue(signerInfo, OID.signingTime);
  if (!(timeAttr instanceof asn1js.UTCTime || timeAttr instanceof asn1js.GeneralizedTime)) throw fail(r.noSigningTime);
  const signedAt = timeAttr.toDate();
  if (signedAt.getTime() > now.getTime() + 5 * 60_000) throw fail(r.futureSigningTime);

  // The signature over the signed attributes, re-tagged from [0] IMPLICIT to SET OF (RFC 5652 5.4).
  const attrs = new Uint8Array(signerInfo.signedAttrs.encodedValue);
  attrs[0] = 0x31;
  const value = new Uint8Array(signerInfo.signature.valueBlock.valueHexView);
  const algorithm = signer.keyKind === 'rsa' || signer.keyKind === 'ec' ? signerInfo.digestAlgorithm.algorithmId : signerInfo.signatureAlgorithm.algorithmId;
  if (!(await signedBy(signer, attrs, value, algorithm))) throw fail(r.badSignature);
  return signedAt;
};

export const verifyDetachedCms = async (input: VerifyInput): Promise<VerifiedSignature> => {
  const { signerInfo, signer, carried } = readCms(input);
  const signedAt = await checkSignatureValue(signerInfo, signer, input.content, input.now);
  try {
    // The signing time is the signer's own claim: the certificate must also be valid when the server receives it.
    checkSignerCertificate(signer, signedAt);
    if (input.receiving !== false) checkSignerCertificate(signer, input.now);
    const chain = await buildChain({ leaf: signer, carried, intermediates: input.trust.intermediates, roots: input.trust.roots, at: signedAt });
    const revocation = await checkRevocation(chain, input.crls, input.now);
    return { signer, chain, signedAt, revocation };
  } catch (error) {
    if (error instanceof ChainError || error instanceof RevokedError) throw fail(error.message);
    throw error;
  }
};

/** The verification as it comes out now (signature details): the verified signature, or the Russian reason it fails. */
export const verificationNow = async (input: VerifyInput): Promise<{ ok: true; verified: VerifiedSignature } | { ok: false; message: string }> => {
  try {
    return { ok: true, verified: await verifyDetachedCms(input) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
};

