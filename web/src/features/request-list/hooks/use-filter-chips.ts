import { useMemo } from 'react';
import { describeFilter, type FilterChip } from '../model/describe-filter';
import type { ListKind, RequestListFilter } from '../model/filter';
import { titleOf, useListReferences } from '../model/references';
import { useEngineers } from './use-engineers';
import { useListRights } from './use-list-rights';

/** The chips of a list's filter with the names of what is chosen. */
export const useFilterChips = (filter: RequestListFilter, list: ListKind): FilterChip[] => {
  const refs = useListReferences();
  const { regionId } = useListRights();
  const region = filter.region_id ?? regionId;
  const { engineers } = useEngineers(region, { skip: filter.engineer_id === null });
  const { engineers: hotline } = useEngineers(region, { hotline: true, skip: filter.hotline_engineer_id === null });
  return useMemo(
    () =>
      describeFilter(filter, list, {
        region: (id) => titleOf(refs.regions, id),
        unit: (id) => titleOf(refs.units, id),
        program: (id) => titleOf(refs.programs, id),
        toolKind: (id) => titleOf(refs.toolKinds, id),
        engineer: (id) => engineers.find((e) => e.id === id)?.fio ?? '',
        hotlineEngineer: (id) => hotline.find((e) => e.id === id)?.fio ?? '',
      }),
    [filter, list, refs, engineers, hotline],
  );
};
