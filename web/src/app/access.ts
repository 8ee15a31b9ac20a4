import type { RightsObject } from '@domain/rights';
import { satisfiesAny, type RightRule } from '@/lib/rights';

/**
 * Who may open a route (administration.md 2.2):
 * - public: everybody (Home);
 * - guest: only users who are not signed in (Login; a signed-in user goes Home);
 * - signedIn: signed-in users holding one of the rules' bits (no rules: any signed-in user).
 */
export type RouteAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'guest' }
  | { readonly kind: 'signedIn'; readonly rights: readonly RightRule[] };

export const PUBLIC: RouteAccess = { kind: 'public' };
export const GUESTS: RouteAccess = { kind: 'guest' };
export const signedIn = (...rights: RightRule[]): RouteAccess => ({ kind: 'signedIn', rights });

/** The rights of the user, or null when nobody is signed in. */
export const mayOpen = (access: RouteAccess, rights: RightsObject | null): boolean => {
  switch (access.kind) {
    case 'public':
      return true;
    case 'guest':
      return rights === null;
    case 'signedIn':
      return rights !== null && satisfiesAny(rights, access.rights);
  }
};
