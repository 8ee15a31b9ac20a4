import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allRights } from '../../../../domain/rights/rights';
import { AccessLevel, RightValue } from '../../../../domain/rights/values';
import type { Actor } from '../../../../domain/shared/actor';
import { subjectNamesPerson, validAt } from '../../../../domain/signing/certificates';
import { localDateTime, utcOffsetOfRegion, zoneTitle } from '../../../../domain/signing/region-time';
import { trustedCasDecider, trustedCasMessages, type TrustedCa, type TrustedCrl } from '../../../../domain/signing/trusted-cas';
import {
  userCertificateMessages as m,
  userCertificatesDecider,
  type CertificateAccount,
  type CertificateCandidate,
  type StoredCertificate,
  type UserCertificatesCommand,
} from '../../../../domain/signing/user-certificates';
import { given, historyOf, testContext } from '../../../support/given-when-then';

const admin: Actor = { userId: 1, rights: allRights(), accessLevel: AccessLevel.FULL };
const account: CertificateAccount = { id: 42, status: 'active', organization_id: 5, hotline_worker: false, accessLevel: AccessLevel.UNIT, organization: { id: 5, region_id: 77 } };
const cert = (over: Partial<StoredCertificate> = {}): StoredCertificate => ({
  thumbprint: 'AA'.repeat(20),
  serial: '01',
  subject: 'CN=Сидоров Николай Петрович',
  issuer: 'CN=УЦ',
  owner: 'Сидоров Николай Петрович',
  surname: 'Сидоров',
  given_name: 'Николай Петрович',
  snils: null,
  organization: null,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_to: '2027-01-01T00:00:00.000Z',
  certificate: 'MA==',
  ...over,
});
const candidate = (over: Partial<CertificateCandidate> = {}): CertificateCandidate => ({ certificate: cert(), ca: false, forSigning: true, heldBy: null, ...over });
const register = (c = candidate(), actor = admin, acc = account): UserCertificatesCommand => ({ type: 'Register', account: acc, actor, candidate: c });

describe('an account’s signing certificates', () => {
  it('an administrator registers an end-entity certificate valid now', () => {
    given(userCertificatesDecider).when(register()).then((events) => {
      expect(events).toEqual([{ type: 'SigningCertificateRegistered', data: { user_id: 42, certificate: expect.objectContaining({ thumbprint: 'AA'.repeat(20), source: 'upload', registered_by: 1 }) } }]);
    });
  });
  it('refuses a CA certificate, one not for signing, an expired or not yet valid one, and one another account holds', () => {
    given(userCertificatesDecider).when(register(candidate({ ca: true }))).thenThrows(m.ca, 'invalid');
    given(userCertificatesDecider).when(register(candidate({ forSigning: false }))).thenThrows(m.notForSigning, 'invalid');
    given(userCertificatesDecider).when(register(candidate({ certificate: cert({ valid_to: '2026-02-01T00:00:00.000Z' }) }))).thenThrows(m.expired('01.02.2026'), 'invalid');
    given(userCertificatesDecider).when(register(candidate({ certificate: cert({ valid_from: '2026-05-01T00:00:00.000Z' }) }))).thenThrows(m.notYetValid('01.05.2026'), 'invalid');
    given(userCertificatesDecider).when(register(candidate({ heldBy: { id: 7, name: 'Белова Е. А.' } }))).thenThrows(m.heldByOther('Белова Е. А.'), 'conflict');
    given(userCertificatesDecider, historyOf(userCertificatesDecider, [register()])).when(register()).thenThrows(m.already, 'conflict');
  });
  it('needs the certificates right, the account’s level and scope, and an active employee', () => {
    const regionAdmin: Actor = { userId: 2, rights: allRights(), accessLevel: AccessLevel.REGION, regionId: 50 };
    given(userCertificatesDecider).when(register(candidate(), { ...admin, rights: { RIGHT_USERS_LIST: RightValue.FULL } as Actor['rights'] })).thenThrows('Недостаточно прав для выполнения операции', 'forbidden');
    given(userCertificatesDecider).when(register(candidate(), regionAdmin)).thenThrows(/./, 'forbidden');
    given(userCertificatesDecider).when(register(candidate(), admin, { ...account, status: 'deleted' })).thenThrows(m.accountNotFound, 'not_found');
    given(userCertificatesDecider).when(register(candidate(), admin, { ...account, hotline_worker: true })).thenThrows(m.notEmployee, 'invalid');
  });
  it('a first signature proposes once; confirmed, it is registered from the signature; rejected, it goes', () => {
    const propose: UserCertificatesCommand = { type: 'Propose', userId: 42, certificate: cert(), docId: '9', subjectMatches: true };
    const proposed = historyOf(userCertificatesDecider, [propose]);
    expect(proposed).toEqual([{ type: 'SigningCertificateProposed', data: { user_id: 42, certificate: expect.objectContaining({ doc_id: '9', subject_matches: true }) } }]);
    given(userCertificatesDecider, proposed).when(propose).then([]);
    given(userCertificatesDecider, proposed)
      .when({ type: 'Confirm', account, actor: admin, thumbprint: 'AA'.repeat(20), heldBy: null })
      .then((events) => expect(events[0]).toMatchObject({ type: 'SigningCertificateRegistered', data: { certificate: { source: 'signature' } } }));
    given(userCertificatesDecider, proposed)
      .when({ type: 'Confirm', account, actor: admin, thumbprint: 'AA'.repeat(20), heldBy: { id: 7, name: 'Белова' } })
      .thenThrows(m.heldByOther('Белова'), 'conflict');
    given(userCertificatesDecider, proposed).when({ type: 'Reject', account, actor: admin, thumbprint: 'AA'.repeat(20) }).then([
      { type: 'SigningCertificateProposalRejected', data: { user_id: 42, thumbprint: 'AA'.repeat(20) } },
    ]);
    given(userCertificatesDecider).when({ type: 'Confirm', account, actor: admin, thumbprint: 'BB'.repeat(20), heldBy: null }).thenThrows(m.notProposed, 'not_found');
    // Registered already: a signature proposes nothing.
    given(userCertificatesDecider, historyOf(userCertificatesDecider, [register()])).when(propose).then([]);
  });
  it('the state lists what the events left, whatever the order of registrations and removals (property)', () => {
    const thumbs = ['AA', 'BB', 'CC'].map((t) => t.repeat(20));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...thumbs)), { maxLength: 12 }), (steps) => {
        let state = userCertificatesDecider.initialState();
        const expected = new Set<string>();
        for (const [add, thumbprint] of steps) {
          const command: UserCertificatesCommand = add ? register(candidate({ certificate: cert({ thumbprint }) })) : { type: 'Unregister', account, actor: admin, thumbprint };
          try {
            for (const e of userCertificatesDecider.decide(state, command, testContext())) state = userCertificatesDecider.evolve(state, e);
            if (add) expected.add(thumbprint);
            else expected.delete(thumbprint);
          } catch {
            // Refused: a second registration or removing what is not there; nothing changes.
          }
        }
        expect(new Set(state.registered.map((c) => c.thumbprint))).toEqual(expected);
      }),
    );
  });
});

const ca = (thumbprint: string, kind?: 'root' | 'intermediate'): TrustedCa => ({ thumbprint, certificate: 'MA==', subject: 'CN=УЦ', serial: '01', valid_from: '2026-01-01T00:00:00Z', valid_to: '2030-01-01T00:00:00Z', ...(kind ? { kind } : {}) });
const crl = (id: string, thisUpdate: string): TrustedCrl => ({ id, checksum: 'c'.repeat(64), issuer: 'УЦ', issuer_key: 'k', this_update: thisUpdate, next_update: null, number: '1', revoked_count: 0 });

describe('the trust store', () => {
  it('adds the new CAs of a bundle and skips the known ones; all known is a conflict', () => {
    const h = historyOf(trustedCasDecider, [{ type: 'AddCas', cas: [ca('A'.repeat(40), 'root')] }]);
    given(trustedCasDecider, h).when({ type: 'AddCas', cas: [ca('A'.repeat(40), 'root'), ca('B'.repeat(40), 'intermediate')] }).then([{ type: 'TrustedRootAdded', data: ca('B'.repeat(40), 'intermediate') }]);
    given(trustedCasDecider, h).when({ type: 'AddCas', cas: [ca('A'.repeat(40))] }).thenThrows(trustedCasMessages.duplicate, 'conflict');
    given(trustedCasDecider, h).when({ type: 'RemoveCa', thumbprint: 'C'.repeat(40) }).thenThrows(trustedCasMessages.notFound, 'not_found');
  });
  it('keeps the newest CRL of an issuer; an older or the same one is refused', () => {
    const h = historyOf(trustedCasDecider, [{ type: 'AddCrl', crl: crl('1'.repeat(40), '2026-02-01T00:00:00Z') }]);
    given(trustedCasDecider, h).when({ type: 'AddCrl', crl: crl('2'.repeat(40), '2026-01-01T00:00:00Z') }).thenThrows(trustedCasMessages.crlOlder, 'conflict');
    given(trustedCasDecider, h).when({ type: 'AddCrl', crl: crl('1'.repeat(40), '2026-02-01T00:00:00Z') }).thenThrows(trustedCasMessages.crlDuplicate, 'conflict');
    const newer = [...h, ...trustedCasDecider.decide(h.reduce(trustedCasDecider.evolve, trustedCasDecider.initialState()), { type: 'AddCrl', crl: crl('3'.repeat(40), '2026-03-01T00:00:00Z') }, testContext())];
    expect(newer.reduce(trustedCasDecider.evolve, trustedCasDecider.initialState()).crls.map((c) => c.id)).toEqual(['3'.repeat(40)]);
  });
});

describe('certificate rules', () => {
  it('a subject names the person by CN or by surname and given names, ё and case folded', () => {
    const person = { surname: 'Сидоров', name: 'Николай', patronymic: 'Пётрович' };
    expect(subjectNamesPerson({ owner: 'СИДОРОВ НИКОЛАЙ ПЕТРОВИЧ', surname: null, given_name: null }, person)).toBe(true);
    expect(subjectNamesPerson({ owner: 'ООО Ромашка', surname: 'Сидоров', given_name: 'Николай Петрович' }, person)).toBe(true);
    expect(subjectNamesPerson({ owner: 'Сидоров Николай', surname: null, given_name: null }, person)).toBe(false);
    expect(validAt({ valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-02-01T00:00:00Z' }, new Date('2026-03-01'))).toBe(false);
  });
  it('prints a signing time in the region’s local time, Moscow when the region is unknown', () => {
    expect(utcOffsetOfRegion(54)).toBe(420);
    expect(utcOffsetOfRegion(39)).toBe(120);
    expect(utcOffsetOfRegion(null)).toBe(180);
    expect(zoneTitle(120)).toBe('МСК−1');
    expect(localDateTime('2026-11-28T20:30:00Z', utcOffsetOfRegion(54))).toBe('29.11.2026 03:30 (МСК+4)');
    expect(localDateTime('2026-11-28T20:30:00Z', utcOffsetOfRegion(77))).toBe('28.11.2026 23:30 (МСК)');
  });
});
