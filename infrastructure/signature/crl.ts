import * as pkijs from 'pkijs';
import { bufferOf } from '../../domain/signing/soft-signer';
import { hex, nameKey, nameText, sha1, type CertificateFacts } from './certificate';
import { signedBy } from './signed-bytes';

/** A certificate revocation list as the revocation check reads it. */
export interface CrlFacts {
  readonly der: Uint8Array;
  /** SHA-1 of the DER (the list's id in the store). */
  readonly id: string;
  readonly issuer: string;
  readonly issuerKey: string;
  readonly thisUpdate: Date;
  readonly nextUpdate: Date | null;
  readonly number: string | null;
  /** Revoked serials (hex, as CertificateFacts.serial) with their revocation dates. */
  readonly revoked: ReadonlyMap<string, Date>;
  readonly tbs: Uint8Array;
  readonly signature: Uint8Array;
  readonly signatureAlgorithm: string;
}

export class CrlParseError extends Error {}

export const parseCrl = (der: Uint8Array): CrlFacts => {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = pkijs.CertificateRevocationList.fromBER(bufferOf(der));
  } catch (error) {
    throw new CrlParseError(error instanceof Error ? error.message : String(error));
  }
  const revoked = new Map<string, Date>();
  for (const r of crl.revokedCertificates ?? []) revoked.set(hex(r.userCertificate.valueBlock.valueHexView).replace(/^(00)+(?=.)/, ''), r.revocationDate.value);
  const numberExt = crl.crlExtensions?.extensions.find((e) => e.extnID === '2.5.29.20');
  const number = numberExt?.parsedValue && typeof numberExt.parsedValue === 'object' && 'valueBlock' in numberExt.parsedValue
    ? BigInt(`0x${hex((numberExt.parsedValue as { valueBlock: { valueHexView: Uint8Array } }).valueBlock.valueHexView) || '0'}`).toString()
    : null;
  return {
    der,
    id: sha1(der),
    issuer: nameText(crl.issuer),
    issuerKey: nameKey(crl.issuer),
    thisUpdate: crl.thisUpdate.value,
    nextUpdate: crl.nextUpdate?.value ?? null,
    number,
    revoked,
    tbs: new Uint8Array(crl.tbsView),
    signature: new Uint8Array(crl.signatureValue.valueBlock.valueHexView),
    signatureAlgorithm: crl.signatureAlgorithm.algorithmId,
  };
};

/** Issued by `issuer`: same name, a CA allowed to sign CRLs, and its signature verifies. */
export const crlIssuedBy = async (crl: CrlFacts, issuer: CertificateFacts): Promise<boolean> =>
  crl.issuerKey === issuer.subjectKey &&
  (issuer.keyUsage === null || issuer.keyUsage.includes('cRLSign')) &&
  signedBy(issuer, crl.tbs, crl.signature, crl.signatureAlgorithm);

/** Current at `at`: issued before it and not past its next update. */
export const crlCurrentAt = (crl: Pick<CrlFacts, 'thisUpdate' | 'nextUpdate'>, at: Date): boolean =>
  crl.thisUpdate.getTime() <= at.getTime() + 5 * 60_000 && (crl.nextUpdate === null || crl.nextUpdate.getTime() >= at.getTime());
