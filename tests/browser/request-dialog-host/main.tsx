import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/app/store';
import { useRestoreSession } from '@/features/auth';
import { usePreloadReferences } from '@/lib/references';
import { RequestDialog, type RequestDialogTab } from '@/features/request-dialog';
import { selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/**
 * A bare page hosting the request dialog for its browser tests, as the request list will: it reads
 * ?open={id}&tab=... or ?new=1, and shows what the dialog reported (saved ids, closing).
 */
const params = new URLSearchParams(window.location.search);
const openId = params.get('open');
const initial = { requestId: openId ? Number(openId) : null, tab: (params.get('tab') ?? 'request') as RequestDialogTab };

const Host = () => {
  useRestoreSession();
  const signedIn = useAppSelector(selectIsSignedIn);
  usePreloadReferences(signedIn);
  const [open, setOpen] = useState(openId !== null || params.get('new') === '1');
  const [saved, setSaved] = useState<number[]>([]);
  const [closed, setClosed] = useState(0);
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <output data-testid="host-saved">{saved.join(',')}</output>
      <output data-testid="host-closed">{closed}</output>
      <Button onClick={() => setOpen(true)}>open again</Button>
      {signedIn && open && (
        <RequestDialog
          requestId={initial.requestId}
          initialTab={initial.tab}
          onClose={() => {
            setOpen(false);
            setClosed((c) => c + 1);
          }}
          onSaved={(r) => setSaved((s) => [...s, r.id])}
        />
      )}
    </Stack>
  );
};

const store = createAppStore();
// The dialog guards unsaved changes with the router's blocker, which needs a data router as the app's.
const router = createBrowserRouter([{ path: '*', element: <Host /> }]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <AppProvider store={store}>
    <RouterProvider router={router} />
  </AppProvider>,
);
