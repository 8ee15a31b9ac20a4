import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ageLinkKeys, defaultToolFilter, entryFilter, filterProblems, FROM_AGE, type ToolFilter } from '../model/filter';

/**
 * The list's filter. Each entry to /tools starts from the empty filter (with the user's region),
 * except a link from the age counts (`?from=age&…`), whose conditions it takes; those address
 * parameters are then removed, so the address again names only the dialog (equipment.md 2).
 */
export const useToolFilter = (userRegionId: number | null) => {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<ToolFilter>(() => entryFilter(params, userRegionId));
  const fromAge = params.get('from') === FROM_AGE;
  useEffect(() => {
    if (!fromAge) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const key of ageLinkKeys) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [fromAge, setParams]);
  const change = useCallback((patch: Partial<ToolFilter>) => setFilter((f) => ({ ...f, ...patch })), []);
  const reset = useCallback(() => setFilter(defaultToolFilter(userRegionId)), [userRegionId]);
  const problems = useMemo(() => filterProblems(filter), [filter]);
  return { filter, problems, change, reset } as const;
};
