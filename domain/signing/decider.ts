import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import type { Decider } from '../shared/decider';
import type { CommandContext } from '../shared/events';
import { hasFull } from '../rights/rights';
import type { RightsObject } from '../rights/rights';
import type { RightKey } from '../rights/catalog';
import type { AssignedSigners, SignatureFacts, SignerKind, SigningEvent, SigningEventMap } from './events';
import { cancelTransition, nextKindOf, signTransition, type SigningStateName } from './machine';
import { signingMessages as m, waitingTitles } from './messages';

export interface SignatureRecord {
  readonly signer_id: number;
  readonly signature_file_id: string;
  readonly facts: SignatureFacts;
}

export interface SigningState {
  readonly started: boolean;
  readonly state: SigningStateName;
  readonly doc: SigningEventMap['SignDocumentStarted'] | null;
  readonly signatures: Partial<Record<SignerKind, SignatureRecord>>;
}

export const signingRightOf: Readonly<Record<SignerKind, RightKey>> = {
  iac: 'RIGHT_SIGNING_DOCS_IAC',
  unit: 'RIGHT_SIGNING_DOCS_UNIT',
  final: 'RIGHT_SIGNING_DOCS_FINAL',
};

export type SigningCommand =
  | { type: 'Start'; document: SigningEventMap['SignDocumentStarted'] }
  | { type: 'Cancel' }
  | {
      type: 'Sign';
      kind: SignerKind;
      /** The signer the client named; must be the caller (context.userId). */
      signerId: number;
      rights: RightsObject;
      signatureFileId: string;
      facts: SignatureFacts;
    };

const initialState = (): SigningState => ({ started: false, state: 'waitingIac', doc: null, signatures: {} });

const evolve = (s: SigningState, e: SigningEvent): SigningState => {
  switch (e.type) {
    case 'SignDocumentStarted':
      return { started: true, state: 'waitingIac', doc: e.data as SigningEventMap['SignDocumentStarted'], signatures: {} };
    case 'DocumentSigned': {
      const d = e.data as SigningEventMap['DocumentSigned'];
      const next = s.doc ? signTransition(s.state, d.kind, s.doc.signers_count) : null;
      return {
        ...s,
        state: next ?? s.state,
        signatures: { ...s.signatures, [d.kind]: { signer_id: d.signer_id, signature_file_id: d.signature_file_id, facts: d.facts } },
      };
    }
    case 'SignDocumentCancelled':
      return { ...s, state: 'cancelled' };
    default:
      return s;
  }
};

/**
 * Whether `userId` may sign `kind` now: the checks that need no signature, so the write side can refuse
 * before it verifies anything (and the client can show the same rule). Throws the refusal.
 */
export const assertMaySign = (s: SigningState, kind: SignerKind, signerId: number, userId: number | null, rights: RightsObject): void => {
  if (!s.started || !s.doc) throw notFound(m.documentNotFound);
  if (s.state === 'cancelled') throw conflict(m.documentRemoved);
  if (userId === null || signerId !== userId) throw forbidden(m.notCaller);
  const assigned = s.doc.signers[kind];
  if (assigned === null || (kind === 'final' && s.doc.signers_count === 2)) throw invalid(m.noSignerOfKind);
  if (assigned !== userId) throw forbidden(m.notAssigned);
  if (!hasFull(rights, signingRightOf[kind])) throw forbidden(m.noRight);
  if (s.signatures[kind]) throw conflict(m.alreadySigned);
  if (signTransition(s.state, kind, s.doc.signers_count) === null) {
    const waiting = nextKindOf(s.state);
    throw conflict(waiting ? m.outOfOrder(waitingTitles[waiting]) : m.allSigned);
  }
};

const decide = (s: SigningState, c: SigningCommand, ctx: CommandContext): SigningEvent[] => {
  switch (c.type) {
    case 'Start':
      // Started once per document; a replayed reaction changes nothing.
      return s.started ? [] : [{ type: 'SignDocumentStarted', data: c.document }];
    case 'Cancel':
      return s.started && cancelTransition(s.state) !== null ? [{ type: 'SignDocumentCancelled', data: { doc_id: s.doc?.doc_id ?? '' } }] : [];
    case 'Sign':
      assertMaySign(s, c.kind, c.signerId, ctx.userId, c.rights);
      return [
        {
          type: 'DocumentSigned',
          data: { doc_id: s.doc?.doc_id ?? '', kind: c.kind, signer_id: c.signerId, signature_file_id: c.signatureFileId, facts: c.facts },
        },
      ];
  }
};

export const signingDecider: Decider<SigningState, SigningCommand, SigningEvent> = { initialState, evolve, decide };

/** Signers of a document as a list of kinds it has (2 signers: iac and unit). */
export const kindsOf = (signersCount: 2 | 3): SignerKind[] => (signersCount === 2 ? ['iac', 'unit'] : ['iac', 'unit', 'final']);

export type { AssignedSigners };
