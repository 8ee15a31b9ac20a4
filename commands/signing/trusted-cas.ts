import { Readable } from 'node:stream';
import { ruDate } from '../../domain/act/stamp';
import { invalid } from '../../domain/shared/errors';
import type { CommandContext } from '../../domain/shared/events';
import { fromBase64, toBase64 } from '../../domain/signing/soft-signer';
import {
  kindOf,
  TRUSTED_CAS_STREAM,
  trustedCasDecider,
  trustedCasMessages as m,
  type TrustedCa,
  type TrustedCasState,
  type TrustedCrl,
} from '../../domain/signing/trusted-cas';
import type { FileStore } from '../../infrastructure/files/file-store';
import { CertificateParseError, isCaCertificate, parseCertificate, type CertificateFacts } from '../../infrastructure/signature/certificate';
import { crlIssuedBy, CrlParseError, parseCrl, type CrlFacts } from '../../infrastructure/signature/crl';
import type { CrlFetcher } from '../../infrastructure/signature/crl-fetch';
import { certificatesOfFile, crlOfFile, PkiFileError } from '../../infrastructure/signature/pki-files';
import type { CrlSource } from '../../infrastructure/signature/revocation';
import type { TrustStore } from '../../infrastructure/signature/verify-cms';
import { readAggregate } from '../aggregate';
import type { WriteContext } from '../context';
import { handleCommand } from '../handle-command';

/**
 * The trust store's commands ('Доверенные УЦ'): CA certificates from .cer/.crt/.p7b uploads, CRL
 * uploads, removals; and the store as the verifier uses it (parsed certificates, a CRL source).
 */
export const readTrustedCas = async (w: Pick<WriteContext, 'store'>): Promise<TrustedCasState> =>
  (await readAggregate(w.store, trustedCasDecider, TRUSTED_CAS_STREAM)).state;

// Parsed certificates and CRLs by id: the store changes rarely and parsing a big CRL is not free.
const parsedCas = new Map<string, CertificateFacts>();
const parsedCrls = new Map<string, CrlFacts>();
const PARSED_CRLS_KEPT = 64;

const caFacts = (ca: TrustedCa): CertificateFacts => {
  let facts = parsedCas.get(ca.thumbprint);
  if (!facts) {
    facts = parseCertificate(fromBase64(ca.certificate));
    parsedCas.set(ca.thumbprint, facts);
  }
  return facts;
};

export const trustStoreOf = (state: TrustedCasState): TrustStore => ({
  roots: state.cas.filter((c) => kindOf(c) === 'root').map(caFacts),
  intermediates: state.cas.filter((c) => kindOf(c) === 'intermediate').map(caFacts),
});

const readAll = async (stream: NodeJS.ReadableStream): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
};

/** The CRLs the verifier may consult: the uploaded ones of the state, and fetched ones when a fetcher is given. */
export const crlSourceOf = (state: TrustedCasState, files: FileStore, fetcher: CrlFetcher | null): CrlSource => ({
  uploaded: async (issuerKey) => {
    const out: CrlFacts[] = [];
    for (const crl of state.crls.filter((c) => c.issuer_key === issuerKey)) {
      let facts = parsedCrls.get(crl.id);
      if (!facts) {
        if (!(await files.exists(crl.checksum))) continue;
        facts = parseCrl(await readAll(files.open(crl.checksum)));
        if (parsedCrls.size >= PARSED_CRLS_KEPT) parsedCrls.delete(parsedCrls.keys().next().value!);
        parsedCrls.set(crl.id, facts);
      }
      out.push(facts);
    }
    return out;
  },
  fetch: async (url) => (fetcher ? fetcher.get(url) : null),
});

const trustedCaOf = (c: CertificateFacts): TrustedCa => ({
  thumbprint: c.thumbprint,
  certificate: toBase64(c.der),
  subject: c.subject,
  serial: c.serial,
  valid_from: c.valid_from,
  valid_to: c.valid_to,
  kind: c.selfIssued ? 'root' : 'intermediate',
  issuer: c.issuer,
  owner: c.owner,
});

/** Reads the CA certificates of an upload: each a CA, none expired. Throws a Russian 400. */
export const caCertificatesOf = (bytes: Uint8Array, now: Date): CertificateFacts[] => {
  let ders: Uint8Array[];
  let facts: CertificateFacts[];
  try {
    ders = certificatesOfFile(bytes);
    facts = ders.map(parseCertificate);
  } catch (error) {
    if (error instanceof PkiFileError || error instanceof CertificateParseError) throw invalid(m.badCertificate);
    throw error;
  }
  for (const c of facts) {
    if (!isCaCertificate(c)) throw invalid(m.notCa(c.owner));
    if (c.notAfter.getTime() < now.getTime()) throw invalid(m.expired(c.owner, ruDate(c.valid_to)));
  }
  return facts;
};

/** Adds the CAs of one upload (a certificate or a bundle); those already trusted are skipped. */
export const addTrustedCas = async (w: WriteContext, bytes: Uint8Array, ctx: CommandContext) => {
  const facts = caCertificatesOf(bytes, new Date(ctx.now));
  const r = await handleCommand(w.store, trustedCasDecider, TRUSTED_CAS_STREAM, { type: 'AddCas', cas: facts.map(trustedCaOf) }, ctx);
  const added = r.events.length;
  return { ...r, added, skipped: new Set(facts.map((f) => f.thumbprint)).size - added };
};

export const removeTrustedCa = (w: WriteContext, thumbprint: string, ctx: CommandContext) =>
  handleCommand(w.store, trustedCasDecider, TRUSTED_CAS_STREAM, { type: 'RemoveCa', thumbprint }, ctx);

/**
 * Adds an uploaded CRL: it must be a CRL signed by a CA of the store; the bytes are staged and kept
 * only once the event is appended.
 */
export const addTrustedCrl = async (w: WriteContext, files: FileStore, bytes: Uint8Array, ctx: CommandContext) => {
  let crl: CrlFacts;
  try {
    crl = parseCrl(crlOfFile(bytes));
  } catch (error) {
    if (error instanceof CrlParseError) throw invalid(m.badCrl);
    throw error;
  }
  const state = await readTrustedCas(w);
  const store = trustStoreOf(state);
  let issuer: CertificateFacts | null = null;
  for (const ca of [...store.roots, ...store.intermediates]) if (!issuer && (await crlIssuedBy(crl, ca))) issuer = ca;
  if (!issuer) throw invalid(m.crlUnknownIssuer);
  const staged = await files.stage(Readable.from([Buffer.from(crl.der)]));
  const data: TrustedCrl = {
    id: crl.id,
    checksum: staged.checksum,
    issuer: issuer.owner,
    issuer_key: crl.issuerKey,
    this_update: crl.thisUpdate.toISOString(),
    next_update: crl.nextUpdate?.toISOString() ?? null,
    number: crl.number,
    revoked_count: crl.revoked.size,
  };
  try {
    const r = await handleCommand(w.store, trustedCasDecider, TRUSTED_CAS_STREAM, { type: 'AddCrl', crl: data }, ctx);
    await files.commit([staged]);
    return { ...r, crl: data };
  } catch (error) {
    await files.discard([staged]);
    throw error;
  }
};

export const removeTrustedCrl = (w: WriteContext, id: string, ctx: CommandContext) =>
  handleCommand(w.store, trustedCasDecider, TRUSTED_CAS_STREAM, { type: 'RemoveCrl', id }, ctx);
