import { ruDate } from '../act/stamp';
import type { Actor } from '../shared/actor';
import type { Decider } from '../shared/decider';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import type { EventOf } from '../shared/events';
import { hasFull } from '../rights/rights';
import { adminScopeOf, organizationInScope, scopeMessages, type OrganizationRef } from '../rights/privilege';
import type { CertificateSource, CertificateSummary } from './certificates';

/**
 * The signing certificates registered to one account ('Сертификаты' of the employee card): the
 * server accepts a signature only with one of them. A certificate gets there by an administrator's
 * upload, or from the account's first signature with it after an administrator confirms that
 * proposal; a subject naming the account never registers it by itself (docs/decisions.md 125).
 * One stream per account, `user_certificates-{userId}`; the `certificate-holders` write-side index
 * lists the stream under each registered thumbprint, so a certificate is registered to one account.
 */
export interface StoredCertificate extends CertificateSummary {
  /** Base64 DER. */
  readonly certificate: string;
}

export interface RegisteredCertificate extends StoredCertificate {
  readonly source: CertificateSource;
  readonly registered_at: string;
  readonly registered_by: number | null;
}

export interface ProposedCertificate extends StoredCertificate {
  readonly proposed_at: string;
  /** The document whose signing proposed it. */
  readonly doc_id: string | null;
  /** Whether the subject named the account when it was proposed (shown to the administrator). */
  readonly subject_matches: boolean;
}

export interface UserCertificatesEventMap {
  [key: string]: unknown;
  SigningCertificateRegistered: { user_id: number; certificate: RegisteredCertificate };
  SigningCertificateUnregistered: { user_id: number; thumbprint: string };
  SigningCertificateProposed: { user_id: number; certificate: ProposedCertificate };
  SigningCertificateProposalRejected: { user_id: number; thumbprint: string };
}
export type UserCertificatesEvent = EventOf<UserCertificatesEventMap>;

export interface UserCertificatesState {
  readonly registered: readonly RegisteredCertificate[];
  readonly proposed: readonly ProposedCertificate[];
}

/** The account a command is about, as its user and role streams hold it. */
export interface CertificateAccount {
  readonly id: number;
  readonly status: 'absent' | 'active' | 'inactive' | 'deleted';
  readonly organization_id: number | null;
  readonly hotline_worker: boolean;
  readonly accessLevel: number;
  readonly organization: OrganizationRef | null;
}

/** What the handler read about a certificate to register: its facts and who holds it now. */
export interface CertificateCandidate {
  readonly certificate: StoredCertificate;
  /** A CA certificate (basicConstraints cA). */
  readonly ca: boolean;
  /** Its key usage allows signatures (or it names none). */
  readonly forSigning: boolean;
  /** Another account it is registered to (from the certificate-holders index), else null. */
  readonly heldBy: { readonly id: number; readonly name: string } | null;
}

export type UserCertificatesCommand =
  | { type: 'Register'; account: CertificateAccount; actor: Actor; candidate: CertificateCandidate }
  | { type: 'Confirm'; account: CertificateAccount; actor: Actor; thumbprint: string; heldBy: CertificateCandidate['heldBy'] }
  | { type: 'Reject'; account: CertificateAccount; actor: Actor; thumbprint: string }
  | { type: 'Unregister'; account: CertificateAccount; actor: Actor; thumbprint: string }
  | { type: 'Propose'; userId: number; certificate: StoredCertificate; docId: string | null; subjectMatches: boolean };

export const userCertificatesStreamId = (userId: number) => `user_certificates-${userId}`;

/** The right to manage certificates: registrations on cards, trusted CAs, CRLs. */
export const CERTIFICATES_RIGHT = 'RIGHT_SIGNING_CERTIFICATES' as const;

export const userCertificateMessages = {
  accountNotFound: 'Пользователь не найден',
  notEmployee: 'Сертификаты подписи регистрируются только за действующими работниками',
  accountAbove: 'Учетная запись с уровнем доступа выше собственного недоступна',
  badCertificate: 'Файл не является сертификатом X.509 (.cer, .crt в кодировке DER или PEM)',
  oneCertificate: 'Файл должен содержать один сертификат',
  noCertificate: 'Приложите файл сертификата',
  ca: 'Это сертификат удостоверяющего центра: за работником регистрируется только сертификат его ключа подписи',
  notForSigning: 'Сертификат не предназначен для электронной подписи (назначение ключа)',
  expired: (date: string) => `Срок действия сертификата истёк ${date}`,
  notYetValid: (date: string) => `Сертификат ещё не действует: он действителен с ${date}`,
  heldByOther: (name: string) => `Сертификат уже зарегистрирован за другим работником: ${name}`,
  already: 'Сертификат уже зарегистрирован за этим работником',
  notRegistered: 'Сертификат не зарегистрирован за этим работником',
  notProposed: 'Запрос на регистрацию этого сертификата не найден',
  registered: 'Сертификат зарегистрирован',
  confirmed: 'Сертификат подтверждён и зарегистрирован',
  rejected: 'Запрос на регистрацию отклонён',
  unregistered: 'Регистрация сертификата снята. Подписи, сделанные им ранее, остаются в силе',
} as const;

const m = userCertificateMessages;

/** The administrator may manage this account's certificates: the right, the account's level and scope. */
const ensureManageable = (actor: Actor, account: CertificateAccount): void => {
  if (!hasFull(actor.rights, CERTIFICATES_RIGHT)) throw forbidden();
  if (account.status === 'absent' || account.status === 'deleted') throw notFound(m.accountNotFound);
  if (account.accessLevel > actor.accessLevel) throw forbidden(m.accountAbove);
  const scope = adminScopeOf(actor);
  if (!organizationInScope(scope, account.organization)) throw forbidden(scopeMessages(scope).account);
};

/**
 * Who sees an account's certificates: the account itself, a certificates administrator and whoever
 * manages employees (RIGHT_USERS_LIST), within their level and scope, as the card itself.
 */
export const ensureCertificatesVisible = (actor: Actor, account: CertificateAccount): void => {
  if (account.status === 'absent' || account.status === 'deleted') throw notFound(m.accountNotFound);
  if (actor.userId === account.id) return;
  if (!hasFull(actor.rights, CERTIFICATES_RIGHT) && !hasFull(actor.rights, 'RIGHT_USERS_LIST')) throw forbidden();
  if (account.accessLevel > actor.accessLevel) throw forbidden(m.accountAbove);
  const scope = adminScopeOf(actor);
  if (!account.hotline_worker && !organizationInScope(scope, account.organization)) throw forbidden(scopeMessages(scope).account);
};

const ensureRegistrable = (account: CertificateAccount, c: CertificateCandidate, now: Date): void => {
  if (account.status !== 'active' || account.hotline_worker) throw invalid(m.notEmployee);
  if (c.ca) throw invalid(m.ca);
  if (!c.forSigning) throw invalid(m.notForSigning);
  if (Date.parse(c.certificate.valid_to) < now.getTime()) throw invalid(m.expired(ruDate(c.certificate.valid_to)));
  if (Date.parse(c.certificate.valid_from) > now.getTime()) throw invalid(m.notYetValid(ruDate(c.certificate.valid_from)));
  if (c.heldBy && c.heldBy.id !== account.id) throw conflict(m.heldByOther(c.heldBy.name));
};

const registered = (certificate: StoredCertificate, source: CertificateSource, actor: Actor, at: string): RegisteredCertificate => ({
  ...certificate,
  source,
  registered_at: at,
  registered_by: actor.userId,
});

const stored = ({ source: _s, registered_at: _a, registered_by: _b, proposed_at: _p, doc_id: _d, subject_matches: _m, ...rest }: Partial<RegisteredCertificate & ProposedCertificate> & StoredCertificate): StoredCertificate => rest;

export const userCertificatesDecider: Decider<UserCertificatesState, UserCertificatesCommand, UserCertificatesEvent> = {
  initialState: () => ({ registered: [], proposed: [] }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'SigningCertificateRegistered': {
        const c = (e.data as UserCertificatesEventMap['SigningCertificateRegistered']).certificate;
        return { registered: [...s.registered, c], proposed: s.proposed.filter((p) => p.thumbprint !== c.thumbprint) };
      }
      case 'SigningCertificateUnregistered': {
        const t = (e.data as { thumbprint: string }).thumbprint;
        return { ...s, registered: s.registered.filter((c) => c.thumbprint !== t) };
      }
      case 'SigningCertificateProposed':
        return { ...s, proposed: [...s.proposed, (e.data as UserCertificatesEventMap['SigningCertificateProposed']).certificate] };
      case 'SigningCertificateProposalRejected': {
        const t = (e.data as { thumbprint: string }).thumbprint;
        return { ...s, proposed: s.proposed.filter((c) => c.thumbprint !== t) };
      }
      default:
        return s;
    }
  },
  decide: (s, c, ctx) => {
    const now = new Date(ctx.now);
    switch (c.type) {
      case 'Register': {
        ensureManageable(c.actor, c.account);
        if (s.registered.some((x) => x.thumbprint === c.candidate.certificate.thumbprint)) throw conflict(m.already);
        ensureRegistrable(c.account, c.candidate, now);
        const source: CertificateSource = 'upload';
        return [{ type: 'SigningCertificateRegistered', data: { user_id: c.account.id, certificate: registered(stored(c.candidate.certificate), source, c.actor, ctx.now) } }];
      }
      case 'Confirm': {
        ensureManageable(c.actor, c.account);
        const proposal = s.proposed.find((x) => x.thumbprint === c.thumbprint);
        if (!proposal) throw notFound(m.notProposed);
        // Checked again now: time has passed since the signature proposed it, and another account may hold it.
        ensureRegistrable(c.account, { certificate: proposal, ca: false, forSigning: true, heldBy: c.heldBy }, now);
        return [{ type: 'SigningCertificateRegistered', data: { user_id: c.account.id, certificate: registered(stored(proposal), 'signature', c.actor, ctx.now) } }];
      }
      case 'Reject':
        ensureManageable(c.actor, c.account);
        if (!s.proposed.some((x) => x.thumbprint === c.thumbprint)) throw notFound(m.notProposed);
        return [{ type: 'SigningCertificateProposalRejected', data: { user_id: c.account.id, thumbprint: c.thumbprint } }];
      case 'Unregister':
        ensureManageable(c.actor, c.account);
        if (!s.registered.some((x) => x.thumbprint === c.thumbprint)) throw notFound(m.notRegistered);
        return [{ type: 'SigningCertificateUnregistered', data: { user_id: c.account.id, thumbprint: c.thumbprint } }];
      case 'Propose':
        // A second signature with the same certificate does not propose it twice.
        if (s.registered.some((x) => x.thumbprint === c.certificate.thumbprint) || s.proposed.some((x) => x.thumbprint === c.certificate.thumbprint)) return [];
        return [
          {
            type: 'SigningCertificateProposed',
            data: { user_id: c.userId, certificate: { ...stored(c.certificate), proposed_at: ctx.now, doc_id: c.docId, subject_matches: c.subjectMatches } },
          },
        ];
    }
  },
};

/** Whether the certificate with this thumbprint is registered to the account. */
export const isRegistered = (s: UserCertificatesState, thumbprint: string): boolean => s.registered.some((c) => c.thumbprint === thumbprint);
