import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allRights } from '../../../../domain/rights/rights';
import { RightValue } from '../../../../domain/rights/values';
import { signingDecider, type SigningCommand } from '../../../../domain/signing/decider';
import type { SignatureFacts, SignerKind, SigningEvent } from '../../../../domain/signing/events';
import { signingMessages } from '../../../../domain/signing/messages';
import { given, historyOf, testContext } from '../../../support/given-when-then';

const IAC = 11;
const UNIT = 12;
const FINAL = 13;
const signerOf: Record<SignerKind, number> = { iac: IAC, unit: UNIT, final: FINAL };
const facts: SignatureFacts = {
  owner: 'Сидоров Николай Петрович',
  serial: '1A2B',
  thumbprint: 'AB'.repeat(20),
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_to: '2027-01-01T00:00:00.000Z',
  signed_at: '2026-03-10T09:00:00.000Z',
  issuer: 'CN=Демо УЦ',
  algorithm: 'GOST R 34.10-2012 256',
  revocation: 'not_checked',
};
const start = (signers_count: 2 | 3): SigningCommand => ({
  type: 'Start',
  document: { doc_id: '7', request_id: 1, request_number: '1', file_name: 'act.docx', checksum: 'c'.repeat(64), signers_count, signers: { iac: IAC, unit: UNIT, final: signers_count === 3 ? FINAL : null } },
});
const sign = (kind: SignerKind, rights = allRights(), signerId = signerOf[kind]): SigningCommand => ({ type: 'Sign', kind, signerId, rights, signatureFileId: `sig-${kind}`, facts });
const as = (kind: SignerKind) => testContext({ userId: signerOf[kind] });
const signed = (kind: SignerKind): SigningEvent => ({ type: 'DocumentSigned', data: { doc_id: '7', kind, signer_id: signerOf[kind], signature_file_id: `sig-${kind}`, facts } });
const history = (count: 2 | 3, ...kinds: SignerKind[]) =>
  historyOf(signingDecider, [start(count), ...kinds.map((k) => sign(k))], { context: (step) => (step === 0 ? testContext() : as(kinds[step - 1]!)) });

describe('signing a document: the order branch → object → final', () => {
  it('given a started 3-signer document, the branch signer signs; the facts are stored', () => {
    given(signingDecider, history(3)).when(sign('iac'), as('iac')).then([signed('iac')]);
  });
  it('the final signer cannot sign before the object signer', () => {
    given(signingDecider, history(3, 'iac')).when(sign('final'), as('final')).thenThrows(signingMessages.outOfOrder('подписант от объекта'), 'conflict');
  });
  it('3 signers sign in order and the document is signed; nobody signs twice', () => {
    const events = history(3, 'iac', 'unit', 'final');
    expect(events.reduce(signingDecider.evolve, signingDecider.initialState()).state).toBe('signed');
    given(signingDecider, events).when(sign('final'), as('final')).thenThrows(signingMessages.alreadySigned, 'conflict');
  });
  it('a 2-signer document is done after the object signer and has no final signer', () => {
    const events = history(2, 'iac', 'unit');
    expect(events.reduce(signingDecider.evolve, signingDecider.initialState()).state).toBe('signed');
    given(signingDecider, history(2, 'iac')).when(sign('final'), as('final')).thenThrows(signingMessages.noSignerOfKind, 'invalid');
  });
  it('only the assigned signer, on their own behalf and with the right of the role', () => {
    given(signingDecider, history(3)).when(sign('iac'), testContext({ userId: UNIT })).thenThrows(signingMessages.notCaller, 'forbidden');
    given(signingDecider, history(3)).when(sign('iac', allRights(), UNIT), testContext({ userId: UNIT })).thenThrows(signingMessages.notAssigned, 'forbidden');
    given(signingDecider, history(3))
      .when(sign('iac', { RIGHT_SIGNING_DOCS_UNIT: RightValue.FULL }), as('iac'))
      .thenThrows(signingMessages.noRight, 'forbidden');
  });
  it('a removed document cannot be signed; a document never started is not found', () => {
    given(signingDecider, historyOf(signingDecider, [start(3), { type: 'Cancel' }])).when(sign('iac'), as('iac')).thenThrows(signingMessages.documentRemoved, 'conflict');
    given(signingDecider).when(sign('iac'), as('iac')).thenThrows(signingMessages.documentNotFound, 'not_found');
  });
  it('a replayed start changes nothing', () => {
    given(signingDecider, history(3, 'iac')).when(start(3)).then([]);
  });
});

describe('property: no order of sign attempts signs out of order', () => {
  it('whatever kinds are tried in whatever order, the accepted signatures are a prefix of the order', () => {
    fc.assert(
      fc.property(fc.constantFrom<2 | 3>(2, 3), fc.array(fc.constantFrom<SignerKind>('iac', 'unit', 'final'), { maxLength: 12 }), (count, attempts) => {
        let state = [start(count)].reduce(
          (s, c) => signingDecider.decide(s, c, testContext()).reduce(signingDecider.evolve, s),
          signingDecider.initialState(),
        );
        const accepted: SignerKind[] = [];
        for (const kind of attempts) {
          try {
            const events = signingDecider.decide(state, sign(kind), as(kind));
            state = events.reduce(signingDecider.evolve, state);
            accepted.push(kind);
          } catch {
            // refused: nothing changes
          }
        }
        const order: SignerKind[] = count === 3 ? ['iac', 'unit', 'final'] : ['iac', 'unit'];
        expect(accepted).toEqual(order.slice(0, accepted.length));
        expect(state.state === 'signed').toBe(accepted.length === order.length);
      }),
    );
  });
});
