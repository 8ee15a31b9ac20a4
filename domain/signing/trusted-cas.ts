import { conflict, notFound } from '../shared/errors';
import type { Decider } from '../shared/decider';
import type { EventOf } from '../shared/events';

/**
 * The administrator's trust store ('Доверенные УЦ'): root CAs (the anchors a signer's chain must
 * end at), intermediate CAs (helping build chains: CryptoPro sends the signer's certificate only)
 * and uploaded certificate revocation lists. One stream, kept as events so every change is
 * audited; the write side reads it whole when it verifies. The event names are those of the first
 * version, which knew roots only (an event without `kind` is a root).
 */
export type TrustedCaKind = 'root' | 'intermediate';

export interface TrustedCa {
  readonly thumbprint: string;
  /** Base64 DER. */
  readonly certificate: string;
  readonly subject: string;
  readonly serial: string;
  readonly valid_from: string;
  readonly valid_to: string;
  readonly kind?: TrustedCaKind;
  readonly issuer?: string;
  readonly owner?: string;
}

/** An uploaded CRL; its bytes are a file of the file store (`checksum`). */
export interface TrustedCrl {
  /** SHA-1 of the DER, upper-case hex. */
  readonly id: string;
  readonly checksum: string;
  readonly issuer: string;
  /** The issuer's name as the verifier compares names. */
  readonly issuer_key: string;
  readonly this_update: string;
  readonly next_update: string | null;
  readonly number: string | null;
  readonly revoked_count: number;
}

export interface TrustedCasEventMap {
  [key: string]: unknown;
  TrustedRootAdded: TrustedCa;
  TrustedRootRemoved: { thumbprint: string };
  TrustedCrlAdded: TrustedCrl;
  TrustedCrlRemoved: { id: string };
}
export type TrustedCasEvent = EventOf<TrustedCasEventMap>;
export type TrustedCasCommand =
  | { type: 'AddCas'; cas: readonly TrustedCa[] }
  | { type: 'RemoveCa'; thumbprint: string }
  | { type: 'AddCrl'; crl: TrustedCrl }
  | { type: 'RemoveCrl'; id: string };

export interface TrustedCasState {
  readonly cas: readonly TrustedCa[];
  /** The newest list of each issuer (an older one is superseded when a newer one is added). */
  readonly crls: readonly TrustedCrl[];
}

export const TRUSTED_CAS_STREAM = 'trusted_roots';

export const kindOf = (ca: TrustedCa): TrustedCaKind => ca.kind ?? 'root';

export const trustedCasMessages = {
  duplicate: 'Этот сертификат уже в списке доверенных',
  notFound: 'Доверенный сертификат не найден',
  badCertificate: 'Файл не является сертификатом X.509 или набором сертификатов PKCS#7 (.cer, .crt, .p7b)',
  noCertificate: 'Приложите сертификат',
  notCa: (owner: string) => `Сертификат «${owner}» не является сертификатом удостоверяющего центра: доверенными могут быть только УЦ`,
  expired: (owner: string, date: string) => `Срок действия сертификата «${owner}» истёк ${date}`,
  added: (count: number, skipped: number) =>
    `Добавлено сертификатов: ${count}${skipped ? `; уже были в списке: ${skipped}` : ''}`,
  removed:
    'Удалено. Подписи, проверенные ранее, остаются в силе: цепочка каждой сохранена при проверке. Новые подписи с цепочкой через этот центр будут отклонены',
  crlDuplicate: 'Этот список отзыва уже загружен',
  crlOlder: 'Уже загружен более новый список отзыва этого удостоверяющего центра',
  crlNotFound: 'Список отзыва не найден',
  badCrl: 'Файл не является списком отзыва сертификатов (.crl)',
  noCrl: 'Приложите список отзыва',
  crlUnknownIssuer: 'Список отзыва выпущен удостоверяющим центром, которого нет среди доверенных, или его подпись не верна',
  crlAdded: (issuer: string, count: number) => `Список отзыва «${issuer}» загружен, отозванных сертификатов: ${count}`,
  crlRemoved: 'Список отзыва удалён',
} as const;

const newerOrSame = (a: TrustedCrl, b: TrustedCrl) => Date.parse(a.this_update) >= Date.parse(b.this_update);

export const trustedCasDecider: Decider<TrustedCasState, TrustedCasCommand, TrustedCasEvent> = {
  initialState: () => ({ cas: [], crls: [] }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'TrustedRootAdded':
        return { ...s, cas: [...s.cas, e.data as TrustedCa] };
      case 'TrustedRootRemoved':
        return { ...s, cas: s.cas.filter((c) => c.thumbprint !== (e.data as { thumbprint: string }).thumbprint) };
      case 'TrustedCrlAdded': {
        const crl = e.data as TrustedCrl;
        return { ...s, crls: [...s.crls.filter((c) => c.issuer_key !== crl.issuer_key), crl] };
      }
      case 'TrustedCrlRemoved':
        return { ...s, crls: s.crls.filter((c) => c.id !== (e.data as { id: string }).id) };
      default:
        return s;
    }
  },
  decide: (s, c) => {
    switch (c.type) {
      case 'AddCas': {
        const known = new Set(s.cas.map((x) => x.thumbprint));
        const fresh = c.cas.filter((x) => {
          if (known.has(x.thumbprint)) return false;
          known.add(x.thumbprint);
          return true;
        });
        if (fresh.length === 0) throw conflict(trustedCasMessages.duplicate);
        return fresh.map((data) => ({ type: 'TrustedRootAdded', data }));
      }
      case 'RemoveCa':
        if (!s.cas.some((x) => x.thumbprint === c.thumbprint)) throw notFound(trustedCasMessages.notFound);
        return [{ type: 'TrustedRootRemoved', data: { thumbprint: c.thumbprint } }];
      case 'AddCrl': {
        if (s.crls.some((x) => x.id === c.crl.id)) throw conflict(trustedCasMessages.crlDuplicate);
        const same = s.crls.find((x) => x.issuer_key === c.crl.issuer_key);
        if (same && newerOrSame(same, c.crl)) throw conflict(trustedCasMessages.crlOlder);
        return [{ type: 'TrustedCrlAdded', data: c.crl }];
      }
      case 'RemoveCrl':
        if (!s.crls.some((x) => x.id === c.id)) throw notFound(trustedCasMessages.crlNotFound);
        return [{ type: 'TrustedCrlRemoved', data: { id: c.id } }];
    }
  },
};
