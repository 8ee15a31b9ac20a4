import { useMemo } from 'react';
import type { CatalogName } from '@domain/catalog/definitions';
import { hasRight, RightValue } from '@domain/rights';
import { catalogItemTitle, useCatalogQuery, useUnitsQuery, type CatalogItem } from '@/lib/references';
import { selectCurrentUser, selectRights, type CurrentUserUnit } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import type { SelectOption } from '@/components/form';

const NONE: readonly CatalogItem[] = [];
const NO_UNITS: readonly CurrentUserUnit[] = [];

export const useCatalog = (name: CatalogName): readonly CatalogItem[] => useCatalogQuery(name).data ?? NONE;

export const catalogOptions = (name: CatalogName, items: readonly CatalogItem[]): SelectOption[] =>
  items.map((item) => ({ value: item.id, label: catalogItemTitle(name, item) }));

/** The objects of the caller's tools scope (equipment.md 6): every unit with ALL, otherwise the own ones. */
export const useToolUnits = (): readonly CurrentUserUnit[] => {
  const user = useAppSelector(selectCurrentUser);
  const rights = useAppSelector(selectRights);
  const all = hasRight(rights, 'RIGHT_TOOLS_READ', RightValue.ALL);
  const { data } = useUnitsQuery(undefined, { skip: !all });
  return all ? (data ?? NO_UNITS) : (user?.units ?? NO_UNITS);
};

export const unitOptions = (units: readonly CurrentUserUnit[]): SelectOption[] => units.map((u) => ({ value: u.id, label: u.name }));

/**
 * Manufacturers offered for a kind: those with catalogue models of the kind (equipment.md 4); every
 * manufacturer while no kind is chosen or the kind has no models yet.
 */
export const useManufacturerOptions = (kindId: number | null): SelectOption[] => {
  const manufacturers = useCatalog('manufacturer');
  const models = useCatalog('tool_model');
  return useMemo(() => {
    const ofKind = new Set(models.filter((m) => m.tool_kind_id === kindId).map((m) => Number(m.manufacturer_id)));
    const offered = kindId === null || ofKind.size === 0 ? manufacturers : manufacturers.filter((m) => ofKind.has(m.id));
    return catalogOptions('manufacturer', offered);
  }, [manufacturers, models, kindId]);
};

/** Catalogue models of the kind and manufacturer, sorted by name (equipment.md 4). */
export const useModelOptions = (kindId: number | null, manufacturerId: number | null): { id: number; model: string }[] => {
  const models = useCatalog('tool_model');
  return useMemo(
    () =>
      models
        .filter((m) => m.tool_kind_id === kindId && m.manufacturer_id === manufacturerId)
        .map((m) => ({ id: m.id, model: String(m.model ?? '') }))
        .sort((a, b) => a.model.localeCompare(b.model, 'ru')),
    [models, kindId, manufacturerId],
  );
};
