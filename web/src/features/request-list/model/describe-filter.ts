import { requestFilterWords, type RequestFilterTitles } from '@domain/request/describe-filter';
import type { FilterChip as RegistryFilterChip } from '@/components/registry-list';
import { defaultFilter, type ListKind, type RepairFilter, type RequestListFilter, type SoftwareFilter, type SoftwareFilterKey, type ToolFilter } from './filter';

export { softwareFilterTitles } from '@domain/request/describe-filter';

/** How a chip's cross clears its condition. */
export type FilterClear =
  | { readonly part: 'main'; readonly patch: Partial<RequestListFilter> }
  | { readonly part: 'repair'; readonly patch: Partial<RepairFilter> }
  | { readonly part: 'tool'; readonly patch: Partial<ToolFilter> }
  | { readonly part: 'software'; readonly key: SoftwareFilterKey; readonly patch: Partial<SoftwareFilter> };

/** A condition above the table; the registration period has no cross when it is the default. */
export type FilterChip = RegistryFilterChip<FilterClear>;

/** Names of chosen items (regions, units, people, programs) the chips show. */
export type FilterTitles = RequestFilterTitles;

/** Clearing a word's condition puts back the list's default of the field(s) it names. */
const clearOf = (key: string, filter: RequestListFilter, preset: RequestListFilter): FilterClear | null => {
  const [part, field] = key.split('.') as [string, string | undefined];
  if (key === 'period')
    return filter.date_beg !== preset.date_beg || filter.date_end !== preset.date_end ? { part: 'main', patch: { date_beg: preset.date_beg, date_end: preset.date_end } } : null;
  if (key === 'result_date') return { part: 'main', patch: { result_date_beg: null, result_date_end: null } };
  if (field === undefined) return { part: 'main', patch: { [key]: preset[key as keyof RequestListFilter] } };
  if (part === 'repair') return { part: 'repair', patch: { [field]: preset.repair[field as keyof RepairFilter] } };
  if (part === 'tool') return { part: 'tool', patch: { [field]: preset.repairTool[field as keyof ToolFilter] } };
  const software = part as SoftwareFilterKey;
  return { part: 'software', key: software, patch: { [field]: preset[software][field as keyof SoftwareFilter] } };
};

/**
 * The filter's conditions as short chips above the table (in the words of
 * domain/request/describe-filter.ts, which the export's first line shares): the registration period
 * first (always), then everything that differs from the list's defaults, each with what clearing it means.
 */
export const describeFilter = (filter: RequestListFilter, kind: ListKind, titles: FilterTitles): FilterChip[] => {
  const preset = defaultFilter(kind);
  const dates = { date_beg: filter.date_beg ?? preset.date_beg ?? '', date_end: filter.date_end ?? preset.date_end ?? '' };
  return requestFilterWords({ ...filter, ...dates }, titles, preset.request_performer_kind).map(({ key, label }) => ({ key, label, clear: clearOf(key, filter, preset) }));
};
