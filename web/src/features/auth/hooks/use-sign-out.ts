import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api';
import { signedOut } from '@/lib/session';
import { useAppDispatch, useAppStore } from '@/lib/store';
import { useSignOutMutation } from '../api/auth-api';

/** Log out: the client drops the session and every cached answer, the user goes Home, the server ends the session. */
export const useSignOut = () => {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const [revoke] = useSignOutMutation();
  return useCallback(() => {
    const { user, token } = store.getState().session;
    // The client forgets the session first, so no screen can start a read with it any more; the reads
    // already on their way land next (a read the server handled after the revocation would be a 401);
    // only then does the server revoke the session, with the token passed explicitly.
    const running = dispatch(api.util.getRunningQueriesThunk());
    dispatch(signedOut());
    void navigate('/', { replace: true });
    if (!user || !token) return;
    void Promise.allSettled(running)
      .then(() => revoke({ userId: user.id, token }))
      .catch(() => undefined);
  }, [dispatch, navigate, revoke, store]);
};
