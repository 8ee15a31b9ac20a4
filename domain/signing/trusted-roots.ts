import { conflict, notFound } from '../shared/errors';
import type { Decider } from '../shared/decider';
import type { EventOf } from '../shared/events';

/**
 * The certificates the administrator trusts as roots of signers' certificates (issue 13): one stream,
 * kept as events so every change is audited. The write side reads it whole when it verifies.
 */
export interface TrustedRoot {
  readonly thumbprint: string;
  /** Base64 DER. */
  readonly certificate: string;
  readonly subject: string;
  readonly serial: string;
  readonly valid_from: string;
  readonly valid_to: string;
}

export interface TrustedRootsEventMap {
  [key: string]: unknown;
  TrustedRootAdded: TrustedRoot;
  TrustedRootRemoved: { thumbprint: string };
}
export type TrustedRootsEvent = EventOf<TrustedRootsEventMap>;
export type TrustedRootsCommand = { type: 'Add'; root: TrustedRoot } | { type: 'Remove'; thumbprint: string };
export type TrustedRootsState = readonly TrustedRoot[];

export const TRUSTED_ROOTS_STREAM = 'trusted_roots';

export const trustedRootsMessages = {
  duplicate: 'Этот сертификат уже в списке доверенных',
  notFound: 'Доверенный сертификат не найден',
  badCertificate: 'Файл не является сертификатом X.509',
} as const;

export const trustedRootsDecider: Decider<TrustedRootsState, TrustedRootsCommand, TrustedRootsEvent> = {
  initialState: () => [],
  evolve: (s, e) =>
    e.type === 'TrustedRootAdded'
      ? [...s, e.data as TrustedRoot]
      : e.type === 'TrustedRootRemoved'
        ? s.filter((r) => r.thumbprint !== (e.data as { thumbprint: string }).thumbprint)
        : s,
  decide: (s, c) => {
    if (c.type === 'Add') {
      if (s.some((r) => r.thumbprint === c.root.thumbprint)) throw conflict(trustedRootsMessages.duplicate);
      return [{ type: 'TrustedRootAdded', data: c.root }];
    }
    if (!s.some((r) => r.thumbprint === c.thumbprint)) throw notFound(trustedRootsMessages.notFound);
    return [{ type: 'TrustedRootRemoved', data: { thumbprint: c.thumbprint } }];
  },
};
