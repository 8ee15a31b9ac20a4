import { skipToken } from '@reduxjs/toolkit/query/react';
import { findCatalog, type CatalogName } from '@domain/catalog/definitions';
import { useCatalogQuery, useOrganizationsQuery, type CatalogItem } from '../api/references-api';

/** The title of a catalogue item by the catalogue's title field (title, name, model, description). */
export const catalogItemTitle = (name: CatalogName, item: CatalogItem): string => {
  const field = findCatalog(name)?.titleField ?? 'title';
  const value = item[field];
  return typeof value === 'string' ? value : '';
};

/** The title of one catalogue item from the cached catalogue; '' while unknown. */
export const useCatalogTitle = (name: CatalogName, id: number | null | undefined): string => {
  const { item } = useCatalogQuery(id ? name : skipToken, {
    selectFromResult: ({ data }) => ({ item: data?.find((i) => i.id === id) }),
  });
  return item ? catalogItemTitle(name, item) : '';
};

/** The name of an organisation from the cached organisations; '' while unknown. */
export const useOrganizationName = (id: number | null | undefined): string => {
  const { name } = useOrganizationsQuery(id ? undefined : skipToken, {
    selectFromResult: ({ data }) => ({ name: data?.find((o) => o.id === id)?.name ?? '' }),
  });
  return name;
};
