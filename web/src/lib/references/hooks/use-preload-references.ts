import { useEffect } from 'react';
import { useAppDispatch } from '@/lib/store';
import { catalogNames, referencesApi } from '../api/references-api';

/**
 * While a user is signed in, every reference list (the catalogues, organisations, buildings)
 * is loaded once and kept in the store (administration.md 2.5); screens read it from the cache.
 */
export const usePreloadReferences = (signedIn: boolean): void => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn) return;
    const subscriptions = [
      ...catalogNames.map((name) => dispatch(referencesApi.endpoints.catalog.initiate(name))),
      dispatch(referencesApi.endpoints.organizations.initiate()),
      dispatch(referencesApi.endpoints.units.initiate()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [signedIn, dispatch]);
};
