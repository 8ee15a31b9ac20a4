import { useAppSelector } from '@/lib/store';
import { selectSessionStatus } from '@/lib/session';
import { useMeQuery } from '../api/auth-api';

/** After a reload the stored user is confirmed with GET /api/auth/me before any route opens. */
export const useRestoreSession = (): void => {
  const status = useAppSelector(selectSessionStatus);
  useMeQuery(undefined, { skip: status !== 'restoring' });
};
