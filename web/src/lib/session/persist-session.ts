import type { SessionRootState } from './session-slice';
import { writeStoredSession } from './session-storage';

interface Observable {
  getState(): SessionRootState;
  subscribe(listener: () => void): () => void;
}

/** Mirrors the user and the (sliding) token into sessionStorage whenever they change. */
export const keepSessionStored = (store: Observable): (() => void) => {
  let last = store.getState().session;
  return store.subscribe(() => {
    const session = store.getState().session;
    if (session.user === last.user && session.token === last.token) return;
    last = session;
    writeStoredSession(session.user && session.token ? { user: session.user, token: session.token } : null);
  });
};
