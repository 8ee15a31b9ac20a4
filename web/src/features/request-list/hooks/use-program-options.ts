import { useMemo } from 'react';
import type { Option } from '@/components/registry-list';
import { catalogItemTitle, useCatalogQuery } from '@/lib/references';

export interface ProgramOption extends Option {
  /** 1 special software (СПО), 2 common software (ОПО) (domain/catalog/definitions ProgramType). */
  readonly type: number;
}

/** The programs the software sub-filters choose from, with their type. */
export const useProgramOptions = (): readonly ProgramOption[] => {
  const { data } = useCatalogQuery('programs');
  return useMemo(() => (data ?? []).map((p) => ({ id: p.id, title: catalogItemTitle('programs', p), type: Number(p.type) })), [data]);
};
