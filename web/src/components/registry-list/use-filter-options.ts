import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import type { CatalogName } from '@domain/catalog/definitions';
import { catalogItemTitle, useCatalogQuery, useOwnUnitsQuery, useUnitsQuery } from '@/lib/references';
import type { Option, UnitOption } from './types';

const byTitle = (a: Option, b: Option) => a.title.localeCompare(b.title, 'ru');

/**
 * The units a user may choose, by title: every unit with the list's ALL right, otherwise only their
 * own units plus their host organisation's (GET /api/user_unit, the same OWN scope the server applies).
 */
export const useScopeUnits = (all: boolean): readonly UnitOption[] => {
  const { data: every } = useUnitsQuery(all ? undefined : skipToken);
  const { data: own } = useOwnUnitsQuery(all ? skipToken : undefined);
  const units = all ? every : own;
  return useMemo(() => (units ?? []).map((u) => ({ id: u.id, title: u.name, region_id: u.region_id })).sort(byTitle), [units]);
};

/** A reference catalogue's items as filter choices, by title. */
export const useCatalogOptions = (name: CatalogName): readonly Option[] => {
  const { data } = useCatalogQuery(name);
  return useMemo(() => (data ?? []).map((item) => ({ id: item.id, title: catalogItemTitle(name, item) })).sort(byTitle), [data, name]);
};
