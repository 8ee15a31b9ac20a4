import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signedOut } from '../../../lib/session';
import { useAppDispatch } from '../../../lib/store';

/** Log out: the session and every cached answer are dropped, and the user goes Home. */
export const useSignOut = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(signedOut());
    void navigate('/', { replace: true });
  }, [dispatch, navigate]);
};
