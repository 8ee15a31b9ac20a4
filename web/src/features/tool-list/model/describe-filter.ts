import { toolFilterWords, type ToolFilterTitles, type ToolFilterWordKey } from '@domain/tool/describe-filter';
import type { FilterChip as RegistryFilterChip } from '@/components/registry-list';
import type { ToolFilter } from './filter';

/** One condition of the filter above the table; its cross applies its patch. */
export type FilterChip = RegistryFilterChip<Partial<ToolFilter>>;

/** Names of chosen items the chips show ('' when not known yet: the id is shown). */
export type FilterTitles = ToolFilterTitles;

/** What clearing each condition means. */
const clears: Readonly<Record<ToolFilterWordKey, Partial<ToolFilter>>> = {
  region_id: { region_id: null, units_ids: [] },
  units_ids: { units_ids: [] },
  tool_set_name_id: { tool_set_name_id: null },
  tool_kind_ids: { tool_kind_ids: [] },
  manufacturer_id: { manufacturer_id: null },
  tool_model: { tool_model: '', tool_model_exact: false },
  serial_number: { serial_number: '', serial_exact: false },
  inventar_number: { inventar_number: '', inventar_exact: false },
  work_in_dt: { tool_work_in_dt_from: null, tool_work_in_dt_till: null },
  tool_age: { tool_age: null },
  tool_state: { tool_state: null },
  tool_owner_is_not_set: { tool_owner_is_not_set: false },
  tool_owner_type_id: { tool_owner_type_id: null },
  search: { search: '' },
  tool_description: { tool_description: '' },
  cost_remain: { tool_cost_remain_from: '', tool_cost_remain_upto: '' },
  tool_in_set: { tool_in_set: null },
  tool_exchange_stock: { tool_exchange_stock: null },
};

/**
 * The filter's conditions as short chips, in the dialog's order, each with what clearing it means;
 * the words are the domain's, which the list's export prints in its first line.
 */
export const describeFilter = (f: ToolFilter, titles: FilterTitles): FilterChip[] =>
  toolFilterWords(f, titles).map(({ key, label }) => ({ key, label, clear: clears[key] }));
