import { ruDate } from '../../domain/act/stamp';
import { verifyReasons as r } from '../../domain/signing/messages';
import { isCaCertificate, type CertificateFacts } from './certificate';
import { signedBy } from './signed-bytes';

/**
 * The path from a signer's certificate up to a trusted root (RFC 5280 6.1, the parts a court's
 * signature needs): issuers are looked up by name (and key identifier) among the certificates the
 * CMS carries and the administrator's intermediate CAs; each issuer must be a CA allowed to sign
 * certificates, within its path length, valid at the signing time, and its signature must verify.
 * The path ends at a certificate the administrator trusts as a root. Refusals name the first
 * reason found on the most promising path.
 */
export interface ChainInput {
  readonly leaf: CertificateFacts;
  /** Certificates the CMS carries besides the signer's (CryptoPro sends none). */
  readonly carried: readonly CertificateFacts[];
  readonly intermediates: readonly CertificateFacts[];
  readonly roots: readonly CertificateFacts[];
  /** The signing time: every certificate on the path must be valid then. */
  readonly at: Date;
}

export class ChainError extends Error {}

const MAX_DEPTH = 8;

const validAt = (c: CertificateFacts, at: Date) => c.notBefore.getTime() <= at.getTime() && at.getTime() <= c.notAfter.getTime();

/** Candidates named as the issuer of `cert`, trusted roots first; a key identifier, when both give one, must match. */
const issuersOf = (cert: CertificateFacts, pool: readonly CertificateFacts[], path: readonly CertificateFacts[]): CertificateFacts[] => {
  const seen = new Set(path.map((c) => c.thumbprint));
  const out: CertificateFacts[] = [];
  for (const c of pool) {
    if (seen.has(c.thumbprint) || c.subjectKey !== cert.issuerKey) continue;
    if (cert.aki && c.ski && cert.aki !== c.ski) continue;
    seen.add(c.thumbprint);
    out.push(c);
  }
  return out;
};

/** The path leaf → … → trusted root; throws ChainError with a Russian reason. */
export const buildChain = async (input: ChainInput): Promise<CertificateFacts[]> => {
  const rootIds = new Set(input.roots.map((c) => c.thumbprint));
  const pool = [...input.roots, ...input.intermediates, ...input.carried];
  let reason: string = r.untrusted;
  let reasonDepth = -1;
  const note = (text: string, depth: number) => {
    if (depth > reasonDepth) {
      reason = text;
      reasonDepth = depth;
    }
  };

  const walk = async (path: CertificateFacts[]): Promise<CertificateFacts[] | null> => {
    const current = path[path.length - 1]!;
    if (path.length > 1 && rootIds.has(current.thumbprint)) return path;
    if (path.length > MAX_DEPTH) return null;
    // CAs between the leaf and this issuer that were not self-issued: what a pathLen constraint counts.
    const below = path.slice(1).filter((c) => !c.selfIssued).length;
    for (const issuer of issuersOf(current, pool, path)) {
      if (!(await signedBy(issuer, current.tbs, current.signature, current.signatureAlgorithm))) continue;
      if (!isCaCertificate(issuer) || (issuer.keyUsage !== null && !issuer.keyUsage.includes('keyCertSign'))) {
        note(r.issuerNotCa(issuer.owner), path.length);
        continue;
      }
      if (issuer.pathLen !== null && below > issuer.pathLen) {
        note(r.pathTooLong(issuer.owner), path.length);
        continue;
      }
      if (!validAt(issuer, input.at)) {
        note(r.caNotValidAt(issuer.owner), path.length);
        continue;
      }
      const found = await walk([...path, issuer]);
      if (found) return found;
    }
    return null;
  };

  const found = await walk([input.leaf]);
  if (!found) throw new ChainError(reason);
  return found;
};

/** The signer's own certificate: an end entity, for signing, valid at the signing time. Throws ChainError. */
export const checkSignerCertificate = (leaf: CertificateFacts, at: Date): void => {
  if (leaf.ca === true || (leaf.keyUsage?.includes('keyCertSign') ?? false)) throw new ChainError(r.caAsSigner);
  if (leaf.keyUsage !== null && !leaf.keyUsage.includes('digitalSignature') && !leaf.keyUsage.includes('nonRepudiation')) throw new ChainError(r.notForSigning);
  if (!validAt(leaf, at)) throw new ChainError(r.certificateNotValidAt(leaf.owner, ruDate(leaf.valid_from), ruDate(leaf.valid_to)));
};
