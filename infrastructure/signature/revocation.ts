import { ruDate } from '../../domain/act/stamp';
import type { RevocationStatus } from '../../domain/signing/certificates';
import { verifyReasons as r } from '../../domain/signing/messages';
import type { CertificateFacts } from './certificate';
import { crlCurrentAt, crlIssuedBy, type CrlFacts } from './crl';

/**
 * Revocation of every certificate on a path but the root, by certificate revocation lists: the
 * ones the administrator uploaded and, when fetching is on, the ones the certificates' CRL
 * distribution points serve. A list counts only when its issuer's key signed it. A serial listed
 * by any such list is revoked; a current list (this update ≤ now ≤ next update) that does not list
 * it makes it good; otherwise its status is unknown and the signature records "не проверен".
 */
export interface CrlSource {
  /** The uploaded lists whose issuer name matches (any age; the check decides what counts). */
  uploaded(issuerKey: string): Promise<readonly CrlFacts[]>;
  /** The list a distribution point serves now, or null (fetching off, unreachable, not a CRL). */
  fetch(url: string): Promise<CrlFacts | null>;
}

export class RevokedError extends Error {}

export interface RevocationOutcome {
  readonly status: RevocationStatus;
  /** What was checked, in Russian: the lists used, or why the status is unknown. */
  readonly detail: string;
}

const listsFor = async (cert: CertificateFacts, issuer: CertificateFacts, source: CrlSource): Promise<CrlFacts[]> => {
  const found = [...(await source.uploaded(issuer.subjectKey))];
  for (const url of cert.crlUrls) {
    const crl = await source.fetch(url);
    if (crl && !found.some((c) => c.id === crl.id)) found.push(crl);
  }
  const verified: CrlFacts[] = [];
  for (const crl of found) if (await crlIssuedBy(crl, issuer)) verified.push(crl);
  return verified;
};

/** Throws RevokedError (Russian reason) for a revoked certificate on `chain`; else good or unknown. */
export const checkRevocation = async (chain: readonly CertificateFacts[], source: CrlSource, now: Date): Promise<RevocationOutcome> => {
  const notes: string[] = [];
  let unknown = false;
  for (let i = 0; i + 1 < chain.length; i++) {
    const cert = chain[i]!;
    const issuer = chain[i + 1]!;
    const lists = await listsFor(cert, issuer, source);
    for (const crl of lists) {
      const when = crl.revoked.get(cert.serial);
      if (when && when.getTime() <= now.getTime()) throw new RevokedError(r.revoked(cert.owner, ruDate(when.toISOString())));
    }
    const current = lists.filter((c) => crlCurrentAt(c, now)).sort((a, b) => b.thisUpdate.getTime() - a.thisUpdate.getTime())[0];
    if (current) notes.push(`«${cert.owner}»: СОС «${issuer.owner}» от ${ruDate(current.thisUpdate.toISOString())}`);
    else {
      unknown = true;
      notes.push(`«${cert.owner}»: нет действующего списка отзыва «${issuer.owner}»`);
    }
  }
  return { status: unknown ? 'not_checked' : 'good', detail: notes.join('; ') };
};
