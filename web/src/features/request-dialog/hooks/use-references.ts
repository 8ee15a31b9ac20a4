import { useMemo } from 'react';
import type { CatalogName } from '@domain/catalog/definitions';
import { hasRight, RightValue } from '@domain/rights';
import { selectCurrentUser, selectRights, type CurrentUserUnit } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { catalogItemTitle, useCatalogQuery, useOrganizationsQuery, useUnitsQuery, type CatalogItem } from '@/lib/references';
import type { SelectOption } from '../components/fields';
import type { LookupSources } from '../model/lookups';

const NONE: readonly CatalogItem[] = [];

/** A cached reference catalogue (loaded once per session by the references feature). */
export const useCatalog = (name: CatalogName): readonly CatalogItem[] => useCatalogQuery(name).data ?? NONE;

export const catalogOptions = (name: CatalogName, items: readonly CatalogItem[]): SelectOption[] =>
  items.map((item) => ({ value: item.id, label: catalogItemTitle(name, item) }));

/** What the field reactions look up. */
export const useLookupSources = (): LookupSources => {
  const programs = useCatalog('programs');
  const servicesRepairs = useCatalog('services_repairs');
  const toolSetNames = useCatalog('tools_sets_names');
  return useMemo(() => ({ programs, servicesRepairs, toolSetNames }), [programs, servicesRepairs, toolSetNames]);
};

const NO_UNITS: readonly CurrentUserUnit[] = [];

/**
 * The objects (court buildings) the user may choose (requests.md 6): every unit with the ALL level
 * of the right, otherwise the user's own units (and their host organisation's). A new request uses
 * RIGHT_REQUEST_CREATE, a saved one RIGHT_REQUEST_READ.
 */
export const useUnitsInScope = (creating: boolean): readonly CurrentUserUnit[] => {
  const user = useAppSelector(selectCurrentUser);
  const rights = useAppSelector(selectRights);
  const all = hasRight(rights, creating ? 'RIGHT_REQUEST_CREATE' : 'RIGHT_REQUEST_READ', RightValue.ALL);
  const { data } = useUnitsQuery(undefined, { skip: !all });
  return all ? (data ?? NO_UNITS) : (user?.units ?? NO_UNITS);
};

/** Signers count of the unit's organisation kind (requests.md 9: default 2). */
export const useDefaultSignersCount = (organizationId: number | null): 2 | 3 => {
  const { data: organizations } = useOrganizationsQuery();
  const kinds = useCatalog('organization_kind');
  const kindId = organizations?.find((o) => o.id === organizationId)?.kind_id;
  const count = kinds.find((k) => k.id === kindId)?.signers_count;
  return count === 3 ? 3 : 2;
};
