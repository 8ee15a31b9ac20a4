import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

export interface LeaveGuard {
  /** A navigation (Back, Forward, a link) was held because the form has unsaved changes. */
  readonly asking: boolean;
  /** Lets the held navigation go on. */
  readonly leave: () => void;
  /** Drops the held navigation: the dialog stays. */
  readonly stay: () => void;
  /**
   * The dialog's own next navigation is not a loss: the form was just saved (a new request's
   * address moves to `?open={id}`), or the user answered 'Нет' and the dialog closes.
   */
  readonly release: () => void;
}

/**
 * Unsaved changes are never lost silently. The dialog lives at its address (`?open=`, `?new=`),
 * so while the form is dirty any change of the address is held until the user answers the closing
 * question; closing or reloading the tab asks the browser's own question (`beforeunload`).
 * Needs a data router (`createBrowserRouter`).
 */
export const useLeaveGuard = (dirty: boolean): LeaveGuard => {
  // Read when a navigation starts, which can be before React renders the state that caused it
  // (a save's answer resets the form and moves the address in one go): hence a ref, not `dirty`.
  const held = useRef(dirty);
  useEffect(() => {
    held.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      held.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const { proceed, reset } = blocker;
  return {
    asking: blocker.state === 'blocked',
    leave: useCallback(() => proceed?.(), [proceed]),
    stay: useCallback(() => reset?.(), [reset]),
    release: useCallback(() => {
      held.current = false;
    }, []),
  };
};
