import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { enterPastMoment } from '@/lib/api';

const PastMomentContext = createContext<string | null>(null);

/**
 * A view of a past moment (issue 33: read-only means read-only). Every control that acts (commands, uploads, chat,
 * signing, menus) asks `usePastMoment()` and is not offered inside; while the view is open every change the client
 * sends carries the moment, which the server refuses.
 */
export const PastMoment = ({ at, children }: { readonly at: string; readonly children: ReactNode }) => {
  // Before paint: no click can precede the mark.
  useLayoutEffect(() => enterPastMoment(at), [at]);
  return <PastMomentContext.Provider value={at}>{children}</PastMomentContext.Provider>;
};

/** The past moment the surrounding view shows (ISO time), or null in a view of today. */
export const usePastMoment = (): string | null => useContext(PastMomentContext);
