import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import type { FilterClear } from '../model/describe-filter';
import type { ListKind, RepairFilter, RequestListFilter, SoftwareFilter, SoftwareFilterKey, ToolFilter } from '../model/filter';
import {
  filterChanged,
  filterReset,
  pageChanged,
  repairFilterChanged,
  selectList,
  softwareFilterChanged,
  toolFilterChanged,
} from '../model/list-slice';

/** One list's filter and page from the store, with the changes a screen makes to them. */
export const useListState = (list: ListKind) => {
  const { filter, page } = useAppSelector((state) => selectList(state, list));
  const dispatch = useAppDispatch();
  const change = useCallback((patch: Partial<RequestListFilter>) => dispatch(filterChanged({ list, patch })), [dispatch, list]);
  const changeRepair = useCallback((patch: Partial<RepairFilter>) => dispatch(repairFilterChanged({ list, patch })), [dispatch, list]);
  const changeTool = useCallback((patch: Partial<ToolFilter>) => dispatch(toolFilterChanged({ list, patch })), [dispatch, list]);
  const changeSoftware = useCallback(
    (key: SoftwareFilterKey, patch: Partial<SoftwareFilter>) => dispatch(softwareFilterChanged({ list, key, patch })),
    [dispatch, list],
  );
  const reset = useCallback(() => dispatch(filterReset(list)), [dispatch, list]);
  /** A chip's cross: the change that clears its condition. */
  const clear = useCallback(
    (c: FilterClear) => {
      if (c.part === 'main') dispatch(filterChanged({ list, patch: c.patch }));
      else if (c.part === 'repair') dispatch(repairFilterChanged({ list, patch: c.patch }));
      else if (c.part === 'tool') dispatch(toolFilterChanged({ list, patch: c.patch }));
      else dispatch(softwareFilterChanged({ list, key: c.key, patch: c.patch }));
    },
    [dispatch, list],
  );
  const setPage = useCallback((next: number) => dispatch(pageChanged({ list, page: next })), [dispatch, list]);
  return { filter, page, change, changeRepair, changeTool, changeSoftware, clear, reset, setPage } as const;
};

export type ListStateApi = ReturnType<typeof useListState>;
