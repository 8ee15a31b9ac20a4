import { useMemo } from 'react';
import { titleOf, useCatalogOptions, useScopeUnits } from '@/components/registry-list';
import { describeFilter, type FilterChip } from '../model/describe-filter';
import type { ListKind, RequestListFilter } from '../model/filter';
import { useEngineers } from './use-engineers';
import { useListRights } from './use-list-rights';
import { useProgramOptions } from './use-program-options';

/** The chips of a list's filter with the names of what is chosen. */
export const useFilterChips = (filter: RequestListFilter, list: ListKind): FilterChip[] => {
  const { regionId, readsAll } = useListRights();
  const regions = useCatalogOptions('regions');
  const toolKinds = useCatalogOptions('tool_kind');
  const units = useScopeUnits(readsAll);
  const programs = useProgramOptions();
  const region = filter.region_id ?? regionId;
  const { engineers } = useEngineers(region, { skip: filter.engineer_id === null });
  const { engineers: hotline } = useEngineers(region, { hotline: true, skip: filter.hotline_engineer_id === null });
  return useMemo(
    () =>
      describeFilter(filter, list, {
        region: (id) => titleOf(regions, id),
        unit: (id) => titleOf(units, id),
        program: (id) => titleOf(programs, id),
        toolKind: (id) => titleOf(toolKinds, id),
        engineer: (id) => engineers.find((e) => e.id === id)?.fio ?? '',
        hotlineEngineer: (id) => hotline.find((e) => e.id === id)?.fio ?? '',
      }),
    [filter, list, regions, units, programs, toolKinds, engineers, hotline],
  );
};
