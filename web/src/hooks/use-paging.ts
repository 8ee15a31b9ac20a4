import { useCallback, useState } from 'react';

/**
 * The page of a filtered list. Changing the filter (its key, e.g. JSON of the filter) starts again
 * at page 1 (administration.md 4: any filter change resets the page and reloads).
 */
export const usePaging = (filterKey: string) => {
  const [state, setState] = useState({ filterKey, page: 1 });
  const page = state.filterKey === filterKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ filterKey, page: Math.max(1, next) }), [filterKey]);
  return { page, setPage } as const;
};
