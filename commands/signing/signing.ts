import { Readable } from 'node:stream';
import { signingDecider, assertMaySign, type SigningState } from '../../domain/signing/decider';
import { signDocumentStreamId, type SignerKind, type SigningEventMap } from '../../domain/signing/events';
import { trustedRootsDecider, TRUSTED_ROOTS_STREAM, trustedRootsMessages, type TrustedRoot } from '../../domain/signing/trusted-roots';
import { fromBase64, toBase64 } from '../../domain/signing/soft-signer';
import { signingMessages } from '../../domain/signing/messages';
import type { RightsObject } from '../../domain/rights/rights';
import type { CommandContext } from '../../domain/shared/events';
import { invalid } from '../../domain/shared/errors';
import type { FileStore } from '../../infrastructure/files/file-store';
import { describeCertificate, verifyDetachedCms } from '../../infrastructure/signature/verify-cms';
import { readAggregate } from '../aggregate';
import { handleCommand } from '../handle-command';
import type { WriteContext } from '../context';
import type { Position } from '../../infrastructure/eventstore/port';

export interface SigningOutcome {
  readonly state: SigningState;
  readonly position: Position | null;
}

export const loadSigning = (w: Pick<WriteContext, 'store'>, docId: string) => readAggregate(w.store, signingDecider, signDocumentStreamId(docId));

export const readTrustedRoots = async (w: Pick<WriteContext, 'store'>): Promise<readonly TrustedRoot[]> =>
  (await readAggregate(w.store, trustedRootsDecider, TRUSTED_ROOTS_STREAM)).state;

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
}

/**
 * A signature: refused before anything is verified when the caller may not sign now (order, role,
 * right); then verified over the stored original; the .sig is stored only once the event is appended.
 */
export const signDocument = async (w: WriteContext, files: FileStore, input: SignInput, ctx: CommandContext): Promise<SigningOutcome> => {
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
  const checksum = state.doc?.checksum ?? '';
  if (!(await files.exists(checksum))) throw invalid(signingMessages.verifyFailed('исходный документ не найден'));
  const content = await readAll(files.open(checksum));
  const roots = (await readTrustedRoots(w)).map((r) => fromBase64(r.certificate));
  const facts = await verifyDetachedCms({ signature: new Uint8Array(input.signature), content, chosenCertificate: chosen, trustedRoots: roots, now: new Date(ctx.now) });
  const staged = await files.stage(Readable.from([input.signature]));
  try {
    const r = await handleCommand(
      w.store,
      signingDecider,
      signDocumentStreamId(input.docId),
      { type: 'Sign', kind: input.kind, signerId: input.signerId, rights: input.rights, signatureFileId: staged.checksum, facts },
      ctx,
    );
    await files.commit([staged]);
    return { state: r.state, position: r.position };
  } catch (error) {
    await files.discard([staged]);
    throw error;
  }
};

const readAll = async (stream: Readable): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
};

export const addTrustedRoot = async (w: WriteContext, der: Uint8Array, ctx: CommandContext) => {
  let d: ReturnType<typeof describeCertificate>;
  try {
    d = describeCertificate(der);
  } catch {
    throw invalid(trustedRootsMessages.badCertificate);
  }
  const root: TrustedRoot = { thumbprint: d.thumbprint, certificate: toBase64(der), subject: d.subject, serial: d.serial, valid_from: d.validFrom, valid_to: d.validTo };
  return handleCommand(w.store, trustedRootsDecider, TRUSTED_ROOTS_STREAM, { type: 'Add', root }, ctx);
};

export const removeTrustedRoot = (w: WriteContext, thumbprint: string, ctx: CommandContext) =>
  handleCommand(w.store, trustedRootsDecider, TRUSTED_ROOTS_STREAM, { type: 'Remove', thumbprint }, ctx);
