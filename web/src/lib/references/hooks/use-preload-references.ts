import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/lib/store';
import { useWhenQuiet } from '@/lib/when-quiet';
import { catalogNames, referencesApi } from '../api/references-api';

/**
 * While a user is signed in, every reference list (the catalogues, organisations, buildings)
 * is loaded once and kept in the store (administration.md 2.5); screens read it from the cache.
 * The lists a screen needs it asks for itself; the rest follow once the screen has what it shows
 * (lib/when-quiet.ts): on a slow link forty lists at once would hold the first screen back.
 */
export const usePreloadReferences = (signedIn: boolean): void => {
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);
  // Signed out: the next sign-in waits for its own first screen again.
  if (!signedIn && ready) setReady(false);
  useWhenQuiet(() => setReady(true), signedIn && !ready);
  useEffect(() => {
    if (!signedIn || !ready) return;
    const subscriptions = [
      ...catalogNames.map((name) => dispatch(referencesApi.endpoints.catalog.initiate(name))),
      dispatch(referencesApi.endpoints.organizations.initiate()),
      dispatch(referencesApi.endpoints.units.initiate()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [signedIn, ready, dispatch]);
};
