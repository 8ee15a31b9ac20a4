import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { findCatalog, type CatalogName } from '@domain/catalog/definitions';
import type { ReferenceName } from '@domain/catalog/screens';
import { catalogItemTitle, referencesApi, useCatalogQuery } from '@/lib/references';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import type { SelectOption } from '@/components/form';
import type { ReferenceTitles } from '../model/catalog-values';

/** Whether the client loads a reference (tool traits have no catalogue endpoint of their own). */
export const isLoadedReference = (name: ReferenceName): name is CatalogName => findCatalog(name) !== undefined;

/** The options of a select naming another reference, from the session-long reference cache. */
export const useReferenceOptions = (name: ReferenceName): readonly SelectOption[] => {
  const loaded = isLoadedReference(name);
  const { data } = useCatalogQuery(loaded ? name : skipToken);
  return loaded ? (data ?? []).map((item) => ({ value: item.id, label: catalogItemTitle(name, item) })) : [];
};

/** The catalogues a screen's selects name (the list's cells show their titles). */
export const referencesOf = (fields: readonly { readonly control: { readonly kind: string; readonly catalog?: ReferenceName } }[]): CatalogName[] => [
  ...new Set(fields.flatMap((f) => (f.control.kind === 'select' && f.control.catalog && isLoadedReference(f.control.catalog) ? [f.control.catalog] : []))),
];

/**
 * Titles of the items of the references a list shows, from the cached lists of the catalogues the
 * columns name; asked for here too, since the preload after sign-in waits for the first screen.
 */
export const useReferenceTitles = (catalogs: readonly CatalogName[]): ReferenceTitles => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const subscriptions = catalogs.map((name) => dispatch(referencesApi.endpoints.catalog.initiate(name)));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [catalogs, dispatch]);
  const lists = useAppSelector((state) => catalogs.map((name) => referencesApi.endpoints.catalog.select(name)(state).data), shallowEqual);
  return useMemo(() => {
    const titles = new Map(catalogs.map((name, i) => [name as string, new Map((lists[i] ?? []).map((item) => [item.id, catalogItemTitle(name, item)]))]));
    return (catalog: string, id: number) => titles.get(catalog)?.get(id);
  }, [catalogs, lists]);
};
