import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '@/lib/store';
import { lazyPartsLoading } from './lazy';

/** How long nothing may have been loading before the page counts as shown. */
export const QUIET_MS = 300;
const CHECK_MS = 50;

const loadingSomething = (state: RootState): boolean =>
  lazyPartsLoading() > 0 || Object.values(state.api.queries).some((q) => q?.status === 'pending');

/**
 * Runs `then` once no API query and no lazy part has been loading for QUIET_MS: what the screen
 * shows has arrived, and what is fetched ahead (the reference lists, a dialog's code) no longer
 * takes the link's bandwidth or the browser's six connections from it. Returns the cancel.
 */
export const whenQuiet = (getState: () => RootState, then: () => void, quietMs = QUIET_MS): (() => void) => {
  let quietSince = performance.now();
  const timer = window.setInterval(() => {
    const now = performance.now();
    if (loadingSomething(getState())) quietSince = now;
    else if (now - quietSince >= quietMs) {
      window.clearInterval(timer);
      then();
    }
  }, CHECK_MS);
  return () => window.clearInterval(timer);
};

/** whenQuiet from a component, while `enabled`; `then` runs at most once per mount. */
export const useWhenQuiet = (then: () => void, enabled = true): void => {
  const store = useStore<RootState>();
  const latest = useRef(then);
  useEffect(() => {
    latest.current = then;
  });
  useEffect(() => {
    if (!enabled) return;
    return whenQuiet(store.getState, () => latest.current());
  }, [store, enabled]);
};
