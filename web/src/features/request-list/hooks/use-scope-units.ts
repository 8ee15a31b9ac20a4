import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { useOwnUnitsQuery } from '../api/request-list-api';
import { useListReferences, type UnitOption } from '../model/references';

/**
 * The units a user may choose: every unit with an ALL right, otherwise only their own units plus
 * their host organisation's (GET /api/user_unit, the same OWN scope the server applies).
 */
export const useScopeUnits = (all: boolean): readonly UnitOption[] => {
  const { units } = useListReferences();
  const { data: own } = useOwnUnitsQuery(all ? skipToken : undefined);
  return useMemo(() => {
    if (all) return units;
    return (own ?? []).map((u) => ({ id: u.id, title: u.name, region_id: u.region_id }));
  }, [all, units, own]);
};
