import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { HomePage as TitleAndVersion } from '@/features/app-info';
import { lazyComponent } from '@/lib/lazy';
import { selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

// The first screen stays small: the user's blocks come in their own chunk.
const HomeOverview = lazyComponent(() => import('@/features/home').then((m) => m.HomeOverview));

/** / : the title and version for everyone; a signed-in user's own numbers under them. */
export const HomePage = () => {
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <>
      <TitleAndVersion />
      {signedIn && (
        <Container maxWidth="lg" sx={{ pb: 4 }}>
          <Suspense fallback={null}>
            <HomeOverview />
          </Suspense>
        </Container>
      )}
    </>
  );
};
