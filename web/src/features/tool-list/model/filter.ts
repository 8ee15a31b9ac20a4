import { listFilterProblems } from '@domain/shared/filter-fields';
import { toolAges, toolListFilterSchema, type ToolAge, type ToolListQuery } from '@domain/tool/list-filter';

/**
 * The equipment list filter as the dialog edits it (equipment.md 3 'Tool filter fields'): the
 * list keys of the shared contract `toolListFilterSchema`, texts and sums as typed.
 */
export interface ToolFilter {
  region_id: number | null;
  units_ids: number[];
  tool_set_name_id: number | null;
  tool_kind_ids: number[];
  manufacturer_id: number | null;
  tool_model: string;
  tool_model_exact: boolean;
  serial_number: string;
  serial_exact: boolean;
  inventar_number: string;
  inventar_exact: boolean;
  /** 'YYYY-MM-DD'. */
  tool_work_in_dt_from: string | null;
  tool_work_in_dt_till: string | null;
  tool_age: ToolAge | null;
  tool_state: number | null;
  tool_owner_type_id: number | null;
  tool_owner_is_not_set: boolean;
  tool_description: string;
  /** The toolbar's search (equipment.md 3 'Поиск'). */
  search: string;
  /** As typed ('123,45'); the contract checks it. */
  tool_cost_remain_from: string;
  tool_cost_remain_upto: string;
  tool_in_set: boolean | null;
  tool_exchange_stock: boolean | null;
}

/** Every name the dialog sends is a parameter of the contract (a compile error otherwise). */
type NamesOfTheContract = Exclude<keyof ToolFilter, keyof ToolListQuery>;
export const namesOfTheContract: [NamesOfTheContract] extends [never] ? true : never = true;

/** Nothing chosen but the user's region (equipment.md 1: region filters default to it). */
export const defaultToolFilter = (regionId: number | null): ToolFilter => ({
  region_id: regionId,
  units_ids: [],
  tool_set_name_id: null,
  tool_kind_ids: [],
  manufacturer_id: null,
  tool_model: '',
  tool_model_exact: false,
  serial_number: '',
  serial_exact: false,
  inventar_number: '',
  inventar_exact: false,
  tool_work_in_dt_from: null,
  tool_work_in_dt_till: null,
  tool_age: null,
  tool_state: null,
  tool_owner_type_id: null,
  tool_owner_is_not_set: false,
  tool_description: '',
  search: '',
  tool_cost_remain_from: '',
  tool_cost_remain_upto: '',
  tool_in_set: null,
  tool_exchange_stock: null,
});

/**
 * What GET /api/tool/{json} and the export receive: only the conditions that are set, texts
 * trimmed. `false` of 'in a set' and 'exchange stock' is a condition of its own and stays; an
 * exact-match flag goes only with its text; the owner type is left out when 'not set' is chosen.
 */
export const toServerFilter = (f: ToolFilter, pageNumber?: number): ToolListQuery => {
  const out: ToolListQuery = {};
  const text = (v: string) => v.trim();
  if (f.region_id !== null) out.region_id = f.region_id;
  if (f.units_ids.length) out.units_ids = [...f.units_ids];
  if (f.tool_set_name_id !== null) out.tool_set_name_id = f.tool_set_name_id;
  if (f.tool_kind_ids.length) out.tool_kind_ids = [...f.tool_kind_ids];
  if (f.manufacturer_id !== null) out.manufacturer_id = f.manufacturer_id;
  if (text(f.tool_model)) {
    out.tool_model = text(f.tool_model);
    if (f.tool_model_exact) out.tool_model_exact = true;
  }
  if (text(f.serial_number)) {
    out.serial_number = text(f.serial_number);
    if (f.serial_exact) out.serial_exact = true;
  }
  if (text(f.inventar_number)) {
    out.inventar_number = text(f.inventar_number);
    if (f.inventar_exact) out.inventar_exact = true;
  }
  if (f.tool_work_in_dt_from) out.tool_work_in_dt_from = f.tool_work_in_dt_from;
  if (f.tool_work_in_dt_till) out.tool_work_in_dt_till = f.tool_work_in_dt_till;
  if (f.tool_age) out.tool_age = f.tool_age;
  if (f.tool_state !== null) out.tool_state = f.tool_state;
  if (f.tool_owner_is_not_set) out.tool_owner_is_not_set = true;
  else if (f.tool_owner_type_id !== null) out.tool_owner_type_id = f.tool_owner_type_id;
  if (text(f.tool_description)) out.tool_description = text(f.tool_description);
  if (text(f.search)) out.search = text(f.search);
  if (text(f.tool_cost_remain_from)) out.tool_cost_remain_from = text(f.tool_cost_remain_from);
  if (text(f.tool_cost_remain_upto)) out.tool_cost_remain_upto = text(f.tool_cost_remain_upto);
  if (f.tool_in_set !== null) out.tool_in_set = f.tool_in_set;
  if (f.tool_exchange_stock !== null) out.tool_exchange_stock = f.tool_exchange_stock;
  if (pageNumber !== undefined) out.pageNumber = pageNumber;
  return out;
};

/** The contract's messages by field name ({} when the server would take the filter). */
export const filterProblems = (f: ToolFilter): Readonly<Partial<Record<keyof ToolFilter, string>>> => {
  const all = listFilterProblems(toolListFilterSchema, toServerFilter(f));
  return Object.fromEntries(Object.entries(all).filter(([key]) => key in f));
};

/** The filter as a stable string: a change of it is a change of the filter. */
export const filterKey = (f: ToolFilter): string => JSON.stringify(toServerFilter(f));

/** The address mark of a link from the age counts: only such an entry keeps a filter (equipment.md 2). */
export const FROM_AGE = 'age';

/** What the age-count screen links to: its kind, age bucket, region and object. */
export interface AgeLink {
  readonly toolKindId: number | null;
  readonly age: ToolAge | null;
  readonly regionId: number | null;
  readonly unitId: number | null;
}

/** The /tools address parameters of an age-count link. */
export const ageLinkParams = (link: AgeLink): URLSearchParams => {
  const p = new URLSearchParams({ from: FROM_AGE });
  if (link.toolKindId !== null) p.set('tool_kind_ids', String(link.toolKindId));
  if (link.age !== null) p.set('tool_age', link.age);
  if (link.regionId !== null) p.set('region_id', String(link.regionId));
  if (link.unitId !== null) p.set('units_ids', String(link.unitId));
  return p;
};

/** The address parameters an age-count link sets (removed once read). */
export const ageLinkKeys = ['from', 'tool_kind_ids', 'tool_age', 'region_id', 'units_ids'] as const;

const idsOf = (text: string | null): number[] =>
  (text ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * The filter an entry starts with: from the age counts (`?from=age&…`) their kind, age, region and
 * object and nothing else (an absent region means every region); otherwise the empty filter with
 * the user's region.
 */
export const entryFilter = (params: URLSearchParams, userRegionId: number | null): ToolFilter => {
  if (params.get('from') !== FROM_AGE) return defaultToolFilter(userRegionId);
  const age = params.get('tool_age');
  const region = idsOf(params.get('region_id'))[0] ?? null;
  return {
    ...defaultToolFilter(region),
    tool_kind_ids: idsOf(params.get('tool_kind_ids')),
    units_ids: idsOf(params.get('units_ids')),
    tool_age: (toolAges as readonly string[]).includes(age ?? '') ? (age as ToolAge) : null,
  };
};
