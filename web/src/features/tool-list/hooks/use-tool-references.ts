import { useMemo } from 'react';
import { useCatalogOptions, useScopeUnits, type Option, type UnitOption } from '@/components/registry-list';

/** The reference data the equipment screens choose from and name things by. */
export interface ToolReferences {
  readonly regions: readonly Option[];
  /** The units the user may choose: every unit with RIGHT_TOOLS_READ ALL, else their own (the server's OWN scope). */
  readonly units: readonly UnitOption[];
  readonly toolKinds: readonly Option[];
  readonly manufacturers: readonly Option[];
  readonly setNames: readonly Option[];
}

export const useToolReferences = (readsAll: boolean): ToolReferences => {
  const regions = useCatalogOptions('regions');
  const units = useScopeUnits(readsAll);
  const toolKinds = useCatalogOptions('tool_kind');
  const manufacturers = useCatalogOptions('manufacturer');
  const setNames = useCatalogOptions('tools_sets_names');
  return useMemo(() => ({ regions, units, toolKinds, manufacturers, setNames }), [regions, units, toolKinds, manufacturers, setNames]);
};
