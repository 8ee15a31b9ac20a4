import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { catalogItemTitle, useCatalogQuery, useUnitsQuery } from '@/lib/references';
import { useToolScopeUnitsQuery } from '../api/tool-list-api';

/** An item to choose in a filter. */
export interface Option {
  readonly id: number;
  readonly title: string;
}

export interface UnitOption extends Option {
  readonly region_id: number;
}

/** The reference data the equipment screens choose from and name things by. */
export interface ToolReferences {
  readonly regions: readonly Option[];
  /** The units the user may choose: every unit with RIGHT_TOOLS_READ ALL, else their own (the server's OWN scope). */
  readonly units: readonly UnitOption[];
  readonly toolKinds: readonly Option[];
  readonly manufacturers: readonly Option[];
  readonly setNames: readonly Option[];
}

const byTitle = (a: Option, b: Option) => a.title.localeCompare(b.title, 'ru');

export const useToolReferences = (readsAll: boolean): ToolReferences => {
  const { data: regions } = useCatalogQuery('regions');
  const { data: kinds } = useCatalogQuery('tool_kind');
  const { data: manufacturers } = useCatalogQuery('manufacturer');
  const { data: setNames } = useCatalogQuery('tools_sets_names');
  const { data: allUnits } = useUnitsQuery(readsAll ? undefined : skipToken);
  const { data: ownUnits } = useToolScopeUnitsQuery(readsAll ? skipToken : undefined);
  return useMemo(() => {
    const units = (readsAll ? allUnits : ownUnits) ?? [];
    return {
      regions: (regions ?? []).map((r) => ({ id: r.id, title: catalogItemTitle('regions', r) })),
      units: units.map((u) => ({ id: u.id, title: u.name, region_id: u.region_id })).sort(byTitle),
      toolKinds: (kinds ?? []).map((k) => ({ id: k.id, title: catalogItemTitle('tool_kind', k) })).sort(byTitle),
      manufacturers: (manufacturers ?? []).map((m) => ({ id: m.id, title: catalogItemTitle('manufacturer', m) })).sort(byTitle),
      setNames: (setNames ?? []).map((s) => ({ id: s.id, title: catalogItemTitle('tools_sets_names', s) })).sort(byTitle),
    };
  }, [readsAll, allUnits, ownUnits, regions, kinds, manufacturers, setNames]);
};

/** The title of an option by id; '' when unknown. */
export const titleOf = (options: readonly Option[], id: number | null | undefined): string =>
  id == null ? '' : (options.find((o) => o.id === id)?.title ?? '');
