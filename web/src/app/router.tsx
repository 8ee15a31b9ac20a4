import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import { appRoutes, preloadPageOf } from './routes';

/** The layout around every route of the table; any other address goes Home. */
export const createAppRouter = () => {
  preloadPageOf(window.location.pathname);
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            ...appRoutes.map(({ path, access, Page }) => ({
              path,
              element: (
                <RouteGuard access={access}>
                  <Page />
                </RouteGuard>
              ),
            })),
            { path: '*', element: <Navigate to={paths.home} replace /> },
          ],
        },
      ],
    },
  ]);
};
