import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RightsObject } from '@domain/rights';
import type { CurrentUser } from './current-user';
import { readStoredSession } from './session-storage';

/**
 * anonymous: nobody signed in; restoring: a user came back from sessionStorage and GET /api/auth/me
 * has not answered yet (routes wait); signedIn: the user and token are current.
 */
export type SessionStatus = 'anonymous' | 'restoring' | 'signedIn';

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: CurrentUser | null;
  readonly token: string | null;
  /** The server's version from the last `appversion` header. */
  readonly serverVersion: string | null;
}

const initialSessionState = (): SessionState => {
  const stored = readStoredSession();
  return stored
    ? { status: 'restoring', user: stored.user, token: stored.token, serverVersion: null }
    : { status: 'anonymous', user: null, token: null, serverVersion: null };
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn: (state, action: PayloadAction<{ user: CurrentUser; token: string }>) => ({
      ...state,
      status: 'signedIn',
      user: action.payload.user,
      token: action.payload.token,
    }),
    /** GET /api/auth/me confirmed the restored session (or refreshed the user data). */
    userRefreshed: (state, action: PayloadAction<CurrentUser>) =>
      state.user ? { ...state, status: 'signedIn', user: action.payload } : state,
    /** The server could not confirm a restored session for a reason other than 401: keep it. */
    restoreUnconfirmed: (state) => (state.status === 'restoring' ? { ...state, status: 'signedIn' } : state),
    /** Sliding expiry: every signed-in answer carries a fresh token. */
    tokenRefreshed: (state, action: PayloadAction<string>) => (state.user ? { ...state, token: action.payload } : state),
    /** Log out, or the server said the session is over (401). */
    signedOut: (state) => ({ ...state, status: 'anonymous', user: null, token: null }),
    serverVersionSeen: (state, action: PayloadAction<string>) =>
      state.serverVersion === action.payload ? state : { ...state, serverVersion: action.payload },
  },
  selectors: {
    selectSession: (state) => state,
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectIsSignedIn: (state) => state.status === 'signedIn',
    selectServerVersion: (state) => state.serverVersion,
  },
});

export const { signedIn, userRefreshed, restoreUnconfirmed, tokenRefreshed, signedOut, serverVersionSeen } = sessionSlice.actions;
export const { selectSession, selectSessionStatus, selectCurrentUser, selectIsSignedIn, selectServerVersion } = sessionSlice.selectors;

const NO_RIGHTS: RightsObject = {};
/** The signed-in user's rights; none while anonymous. */
export const selectRights = (state: { session: SessionState }): RightsObject => state.session.user?.rightsObject ?? NO_RIGHTS;

export type SessionRootState = { session: SessionState };
