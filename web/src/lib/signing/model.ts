import { signingRightOf } from '@domain/signing/decider';
import type { SignerKind } from '@domain/signing/events';
import { hasFull, type RightsObject } from '@domain/rights';
import type { SignDocument } from './signing-api';

/**
 * The role the user may sign this document in now, or null: it is the document's turn for that role,
 * the user is its assigned signer and holds its signing right. The server decides the same
 * (domain/signing/decider.ts); the screens only show the button early.
 */
export const signableKindOf = (doc: SignDocument, userId: number | null, rights: RightsObject): SignerKind | null => {
  const next = doc.nextSignerKind;
  if (next === null || userId === null) return null;
  const signer = doc.signers[next];
  if (!signer || signer.signed || signer.id !== userId) return null;
  return hasFull(rights, signingRightOf[next]) ? next : null;
};

/** Signed by every signer the document has. */
export const isFullySigned = (doc: SignDocument): boolean =>
  Object.values(doc.signers).every((s) => s === null || s.signed);

/** The hover text of a signed mark: the certificate's owner and the signing time. */
export const markTitle = (mark: { readonly owner: string | null; readonly name: string; readonly signedAt: string | null }, formatTime: (iso: string) => string): string =>
  [mark.owner ?? mark.name, mark.signedAt ? formatTime(mark.signedAt) : null].filter(Boolean).join(', ');

export type SignOutcome = { readonly docId: string; readonly fileName: string } & (
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string }
);

/** The progress line of a sign-all run. */
export const progressLine = (done: number, total: number, failed: number): string =>
  `Подписано ${done - failed} из ${total}${failed > 0 ? `, ошибок: ${failed}` : ''}`;
