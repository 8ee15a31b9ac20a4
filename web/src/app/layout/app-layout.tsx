import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { useRestoreSession } from '@/features/auth';
import { usePreloadReferences } from '@/lib/references';
import { selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { Footer } from './footer';
import { Header } from './header';

/** Header, the page, footer; confirms a restored session and keeps the references loaded. */
export const AppLayout = () => {
  useRestoreSession();
  const signedIn = useAppSelector(selectIsSignedIn);
  usePreloadReferences(signedIn);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
};
