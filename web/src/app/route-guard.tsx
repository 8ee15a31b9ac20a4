import { Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenSpinner } from '@/components';
import { paths } from '@/config/paths';
import { selectSession } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { mayOpen, type RouteAccess } from './access';

/**
 * Opens the page when the user may (administration.md 2.2), otherwise goes Home. While a session
 * restored after a reload is being confirmed, it waits instead of deciding on stale data.
 */
export const RouteGuard = ({ access, children }: { readonly access: RouteAccess; readonly children: ReactNode }) => {
  const session = useAppSelector(selectSession);
  if (session.status === 'restoring') return <FullScreenSpinner />;
  const rights = session.status === 'signedIn' && session.user ? session.user.rightsObject : null;
  if (!mayOpen(access, rights)) return <Navigate to={paths.home} replace />;
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
};
