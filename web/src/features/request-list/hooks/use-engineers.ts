import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEngineersQuery, type Engineer } from '../api/request-list-api';

const none: readonly Engineer[] = [];

/**
 * Branch engineers of a region (GET /api/engineers/{regionId}); with `hotline` the hot line staff
 * (?hotline=true, not tied to a region: the user's or the chosen region only fills the path).
 */
export const useEngineers = (
  regionId: number | null,
  { hotline = false, skip = false }: { readonly hotline?: boolean; readonly skip?: boolean } = {},
): { engineers: readonly Engineer[]; ready: boolean } => {
  const path = regionId ?? (hotline ? 0 : null);
  const { data, isSuccess } = useEngineersQuery(skip || path === null ? skipToken : { regionId: path, hotline });
  return { engineers: data ?? none, ready: isSuccess };
};
