import { Readable } from 'node:stream';
import { signingDecider, assertMaySign, type SigningState } from '../../domain/signing/decider';
import { signDocumentStreamId, type SignerKind, type SigningEventMap } from '../../domain/signing/events';
import { fromBase64 } from '../../domain/signing/soft-signer';
import { DEMO_SIGN_TOOL } from '../../domain/signing/soft-ca';
import { signingMessages } from '../../domain/signing/messages';
import { subjectNamesPerson, type PersonName } from '../../domain/signing/certificates';
import { isRegistered } from '../../domain/signing/user-certificates';
import type { SignatureFacts } from '../../domain/signing/events';
import type { RightsObject } from '../../domain/rights/rights';
import type { CommandContext } from '../../domain/shared/events';
import { conflict, forbidden, invalid } from '../../domain/shared/errors';
import type { FileStore } from '../../infrastructure/files/file-store';
import { summaryOf, type CertificateFacts } from '../../infrastructure/signature/certificate';
import type { CrlFetcher } from '../../infrastructure/signature/crl-fetch';
import { verifyDetachedCms, type VerifiedSignature } from '../../infrastructure/signature/verify-cms';
import { certificateHolder } from './certificate-holders';
import { crlSourceOf, readTrustedCas, trustStoreOf } from './trusted-cas';
import { proposeCertificate, readUserCertificates } from './user-certificates';
import { readAggregate } from '../aggregate';
import { handleCommand } from '../handle-command';
import type { WriteContext } from '../context';
import type { Position } from '../../infrastructure/eventstore/port';

export interface SigningOutcome {
  readonly state: SigningState;
  readonly position: Position | null;
}

export const loadSigning = (w: Pick<WriteContext, 'store'>, docId: string) => readAggregate(w.store, signingDecider, signDocumentStreamId(docId));

/** Started by the reaction to a generated or attached document with electronic signers (idempotent). */
export const startSigning = async (w: WriteContext, document: SigningEventMap['SignDocumentStarted'], ctx: CommandContext): Promise<SigningOutcome> => {
  const r = await handleCommand(w.store, signingDecider, signDocumentStreamId(document.doc_id), { type: 'Start', document }, ctx);
  return { state: r.state, position: r.position };
};

export const cancelSigning = async (w: WriteContext, docId: string, ctx: CommandContext): Promise<SigningOutcome> => {
  const r = await handleCommand(w.store, signingDecider, signDocumentStreamId(docId), { type: 'Cancel' }, ctx);
  return { state: r.state, position: r.position };
};

export interface SignInput {
  readonly docId: string;
  readonly kind: SignerKind;
  readonly signerId: number;
  readonly rights: RightsObject;
  /** Base64 DER of the certificate the user chose. */
  readonly certificate: string;
  readonly signature: Buffer;
  /** The signer's name (a proposed certificate is marked when its subject names them). */
  readonly person: PersonName;
  /** The signer's region's offset from UTC, for the stamp's local time. */
  readonly utcOffsetMinutes: number;
}

/** What verification needs beside the streams: the stored files and, with CRL_FETCH=1, the CRL fetcher. */
export interface SigningServices {
  readonly files: FileStore;
  readonly fetcher: CrlFetcher | null;
}

const readAll = async (stream: Readable): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
};

/** The demo stands' software signer names itself in its certificates' subjectSignTool. */
const isDemoCertificate = (c: CertificateFacts): boolean => c.signTool !== null && c.signTool.startsWith(DEMO_SIGN_TOOL);

const factsOf = (v: VerifiedSignature, utcOffsetMinutes: number): SignatureFacts => ({
  owner: v.signer.owner,
  serial: v.signer.serial,
  thumbprint: v.signer.thumbprint,
  valid_from: v.signer.valid_from,
  valid_to: v.signer.valid_to,
  signed_at: v.signedAt.toISOString(),
  issuer: v.signer.issuer,
  algorithm: keyTitles[v.signer.keyKind ?? 'gost256'],
  revocation: v.revocation.status,
  revocation_detail: v.revocation.detail,
  chain: v.chain.map(summaryOf),
  demo: isDemoCertificate(v.signer),
  snils: v.signer.snils,
  utc_offset_minutes: utcOffsetMinutes,
});

const keyTitles = { gost256: 'GOST R 34.10-2012 256', gost512: 'GOST R 34.10-2012 512', rsa: 'RSA', ec: 'ECDSA' } as const;

/** Verifies a stored signature over the stored original against the trust store as it is now. */
export const verifyStored = async (w: WriteContext, services: SigningServices, signature: Uint8Array, checksum: string, now: Date, chosen: Uint8Array | null = null) => {
  if (!(await services.files.exists(checksum))) throw invalid(signingMessages.verifyFailed('исходный документ не найден'));
  const content = await readAll(services.files.open(checksum));
  const trusted = await readTrustedCas(w);
  return { content, trusted, input: { signature, content, chosenCertificate: chosen, trust: trustStoreOf(trusted), crls: crlSourceOf(trusted, services.files, services.fetcher), now } };
};

/**
 * The signer's certificate must be registered to the signing account. One registered to another
 * account is refused naming that account; one registered to nobody is proposed to the
 * administrators (the signature is not kept) and the signer is told so.
 */
const ensureRegisteredTo = async (w: WriteContext, input: SignInput, v: VerifiedSignature, ctx: CommandContext): Promise<void> => {
  const mine = await readUserCertificates(w, input.signerId);
  if (isRegistered(mine, v.signer.thumbprint)) return;
  const holder = await certificateHolder(w, v.signer.thumbprint);
  if (holder && holder.id !== input.signerId) throw forbidden(signingMessages.certificateOfOther(v.signer.owner, holder.name));
  await proposeCertificate(w, input.signerId, v.signer, input.docId, subjectNamesPerson(v.signer, input.person), ctx);
  throw conflict(signingMessages.certificateNotRegistered(v.signer.owner));
};

/**
 * A signature: refused before anything is verified when the caller may not sign now (order, role,
 * right); then verified over the stored original (chain, revocation); its certificate must be the
 * caller's registered one; the .sig is stored only once the event is appended.
 */
export const signDocument = async (w: WriteContext, services: SigningServices, input: SignInput, ctx: CommandContext): Promise<SigningOutcome> => {
  const { state } = await loadSigning(w, input.docId);
  assertMaySign(state, input.kind, input.signerId, ctx.userId, input.rights);
  let chosen: Uint8Array | null = null;
  if (input.certificate.trim()) {
    try {
      chosen = fromBase64(input.certificate);
    } catch {
      throw invalid(signingMessages.certificateNotFound);
    }
  }
  const prepared = await verifyStored(w, services, new Uint8Array(input.signature), state.doc?.checksum ?? '', new Date(ctx.now), chosen);
  const verified = await verifyDetachedCms(prepared.input);
  await ensureRegisteredTo(w, input, verified, ctx);
  const facts = factsOf(verified, input.utcOffsetMinutes);
  const staged = await services.files.stage(Readable.from([input.signature]));
  try {
    const r = await handleCommand(
      w.store,
      signingDecider,
      signDocumentStreamId(input.docId),
      { type: 'Sign', kind: input.kind, signerId: input.signerId, rights: input.rights, signatureFileId: staged.checksum, facts },
      ctx,
    );
    await services.files.commit([staged]);
    return { state: r.state, position: r.position };
  } catch (error) {
    await services.files.discard([staged]);
    throw error;
  }
};
