import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signedOut } from '@/lib/session';
import { useAppDispatch } from '@/lib/store';
import { useSignOutMutation } from '../api/auth-api';

/** Log out: the server ends the session, the client drops it and every cached answer, and the user goes Home. */
export const useSignOut = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [revoke] = useSignOutMutation();
  return useCallback(() => {
    // The server revokes the session first (the request still carries its token); failing that, the client forgets it anyway.
    void revoke()
      .catch(() => undefined)
      .finally(() => {
        dispatch(signedOut());
        void navigate('/', { replace: true });
      });
  }, [dispatch, navigate, revoke]);
};
