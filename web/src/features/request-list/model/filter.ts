import { PerformerKind, RequestKind } from '@domain/request/enums';
import { requestListQueryProblem, type RequestListQuery } from '@domain/request/list-filter';
import { softwareFilterKeys, toggleKeys, toggleTitles, type SoftwareFilterKey, type ToggleKey } from '@domain/request/describe-filter';
import type { DateOrFlag } from '@/components/registry-list';

export { softwareFilterKeys, toggleKeys, toggleTitles, type SoftwareFilterKey, type ToggleKey };

/**
 * The request list filter (requests.md 2.3, 2.2) as the dialog edits it. The contract is the domain's
 * zod schema (domain/request/list-filter.ts), which the server parses with: the names below are its
 * parameters (checked at compile time by `NamesOfTheContract`), the query sent is its input type, and
 * `serverFilterProblem` checks a query with it. The client keeps every field, empty ones as null / [] /
 * false / '', and sends only what is set (`toServerFilter`).
 */

/** `tool_in_d` / `tool_out_d` of the repair sub-filter: filled, empty, or one day. */
export type { DateOrFlag };

export interface RepairFilter {
  repair_kind_id: number | null;
  repair_kind_id_is_not_set: boolean;
  view_res_before: number | null;
  view_res_before_is_not_set: boolean;
  view_res_after: number | null;
  repair_type_id: number | null;
  repair_result_id: number | null;
  tool_in_d: DateOrFlag;
  tool_out_d: DateOrFlag;
  tool_in_filial: boolean;
}

export interface ToolFilter {
  tool_kind_id: number | null;
  exchange_stock: boolean | null;
  serial_number: string;
  inventar_number: string;
  owner_type_id: number | null;
}

export interface SoftwareFilter {
  program_id: number | null;
  result: string | null;
}


/** Which kind shows which sub-filter (the server also limits each sub-filter to its kind). */
export const softwareFilterKinds: Readonly<Record<SoftwareFilterKey, RequestKind>> = {
  specialSoftware: RequestKind.SPECIAL_SOFTWARE,
  commonSoftware: RequestKind.COMMON_SOFTWARE,
  restore: RequestKind.RESTORE,
  consultation: RequestKind.CONSULTATION,
};

export type RequestListFilter = {
  region_id: number | null;
  units_ids: number[];
  request_performer_kind: PerformerKind | null;
  engineer_id: number | null;
  request_kinds_ids: number[];
  request_statuses_ids: number[];
  number: number | null;
  hotlinegas_number: string;
  result_type: number | null;
  /** 'YYYY-MM-DD'; null means the server's default (the current year). */
  date_beg: string | null;
  date_end: string | null;
  result_date_beg: string | null;
  result_date_end: string | null;
  /** Head-performer list (2.2). */
  hotline_engineer_id: number | null;
  contact_kind: number | null;
  contact_unknown_name: string;
  /** Sent back for re-execution and not taken since: yes, no, or either (null). */
  returned: boolean | null;
  /** The toolbar's search by the request's words. */
  search: string;
  repair: RepairFilter;
  repairTool: ToolFilter;
} & Record<ToggleKey, boolean> &
  Record<SoftwareFilterKey, SoftwareFilter>;

/** The two lists of the area: /requests and /requests-hot-line, each with its own filter. */
export type ListKind = 'requests' | 'hotLine';

export const emptyRepairFilter = (): RepairFilter => ({
  repair_kind_id: null,
  repair_kind_id_is_not_set: false,
  view_res_before: null,
  view_res_before_is_not_set: false,
  view_res_after: null,
  repair_type_id: null,
  repair_result_id: null,
  tool_in_d: null,
  tool_out_d: null,
  tool_in_filial: false,
});

export const emptyToolFilter = (): ToolFilter => ({
  tool_kind_id: null,
  exchange_stock: null,
  serial_number: '',
  inventar_number: '',
  owner_type_id: null,
});

export const emptySoftwareFilter = (): SoftwareFilter => ({ program_id: null, result: null });

/** The registration period the spec defaults to: 01.01 to 31.12 of the current year. */
export const currentYearRange = (today: Date = new Date()) => {
  const year = today.getFullYear();
  return { date_beg: `${year}-01-01`, date_end: `${year}-12-31` };
};

/** A filter with nothing chosen but the default period (and, for the head-performer list, SENIOR). */
export const defaultFilter = (list: ListKind, today: Date = new Date()): RequestListFilter => ({
  region_id: null,
  units_ids: [],
  request_performer_kind: list === 'hotLine' ? PerformerKind.SENIOR : null,
  engineer_id: null,
  request_kinds_ids: [],
  request_statuses_ids: [],
  number: null,
  hotlinegas_number: '',
  result_type: null,
  ...currentYearRange(today),
  result_date_beg: null,
  result_date_end: null,
  hotline_reqs_without_number: false,
  hotline_reqs_not_register: false,
  hotline_reqs_not_closed: false,
  unsigned_docs: false,
  without_doc_co_3: false,
  without_doc_co_41: false,
  without_doc_co_42: false,
  without_doc_co_7: false,
  without_doc_co_8: false,
  without_doc_co_13: false,
  hotline_engineer_id: null,
  contact_kind: null,
  contact_unknown_name: '',
  returned: null,
  search: '',
  repair: emptyRepairFilter(),
  repairTool: emptyToolFilter(),
  specialSoftware: emptySoftwareFilter(),
  commonSoftware: emptySoftwareFilter(),
  restore: emptySoftwareFilter(),
  consultation: emptySoftwareFilter(),
});

/** What GET /api/request/{json} and the exports receive: the contract's input. */
export type ServerFilter = RequestListQuery;
/** A JSON value of the query. */
type ServerValue = string | number | boolean | number[] | { [key: string]: ServerValue };
type ServerObject = { [key: string]: ServerValue };

/** Every name the client sends is a parameter of the contract (a compile error otherwise). */
type NamesOfTheContract = [
  Exclude<keyof RequestListFilter, keyof RequestListQuery>,
  Exclude<keyof RepairFilter, keyof Exclude<RequestListQuery['repair'], string | null | undefined>>,
  Exclude<keyof ToolFilter, keyof Exclude<RequestListQuery['repairTool'], string | null | undefined>>,
  Exclude<keyof SoftwareFilter, keyof Exclude<RequestListQuery['restore'], string | null | undefined>>,
];
export const namesOfTheContract: NamesOfTheContract extends [never, never, never, never] ? true : never = true;

const isSet = (v: unknown): boolean =>
  v !== null && v !== undefined && v !== false && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);

/** Only the fields that are set, strings trimmed; an empty sub-filter object is left out. */
const compact = (source: object): ServerObject => {
  const out: ServerObject = {};
  for (const [key, value] of Object.entries(source) as Array<[string, unknown]>) {
    if (!isSet(value)) continue;
    if (typeof value === 'string') out[key] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.filter((x): x is number => typeof x === 'number');
    else if (typeof value === 'object' && value !== null) {
      const inner = compact(value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
};

/** Whether a sub-filter has any condition (the server adds the kind's condition only then). */
export const subFilterIsSet = (sub: object): boolean => Object.keys(compact(sub)).length > 0;

/**
 * What GET /api/request/{json} and the exports receive: the set fields plus `pageNumber`.
 * `exchange_stock: false` and `returned: false` are conditions of their own (not in the exchange
 * stock, not returned for re-execution), so they are kept.
 */
export const toServerFilter = (filter: RequestListFilter, pageNumber?: number): ServerFilter => {
  const out = compact(filter) as ServerFilter;
  if (filter.returned === false) out.returned = false;
  if (filter.repairTool.exchange_stock === false) {
    const tool = out.repairTool;
    out.repairTool = { ...(typeof tool === 'object' && !Array.isArray(tool) ? tool : {}), exchange_stock: false };
  }
  if (pageNumber !== undefined) out.pageNumber = pageNumber;
  return out;
};

/** The first Russian message the server would answer this filter with, or null when it takes it. */
export const serverFilterProblem = (filter: RequestListFilter): string | null => requestListQueryProblem(toServerFilter(filter));

/** Sub-filters whose kind is no longer chosen are emptied, so no hidden condition stays behind. */
export const withoutHiddenSubFilters = (filter: RequestListFilter): RequestListFilter => {
  const kinds = filter.request_kinds_ids;
  const next = { ...filter };
  if (!kinds.includes(RequestKind.REPAIR_HARD)) {
    next.repair = emptyRepairFilter();
    next.repairTool = emptyToolFilter();
  }
  for (const key of softwareFilterKeys) if (!kinds.includes(softwareFilterKinds[key])) next[key] = emptySoftwareFilter();
  return next;
};

/** The filter as a stable string: a change of it is a change of the filter. */
export const filterKey = (filter: RequestListFilter): string => JSON.stringify(toServerFilter(filter));

/**
 * A filter named by the address (`?filter={json}`, the home page's links): the list's default with
 * the fields the JSON sets, each taken only when it has the field's type; anything else is ignored.
 */
export const filterFromAddress = (raw: string, list: ListKind): RequestListFilter => {
  const base = defaultFilter(list);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return base;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Object.hasOwn(base, key)) continue;
    const current = (base as Record<string, unknown>)[key];
    const numbers = Array.isArray(value) && value.every((x) => Number.isInteger(x));
    const scalar = typeof value === 'number' || typeof value === 'string' || (key === 'returned' && typeof value === 'boolean');
    if (Array.isArray(current) ? numbers : current === null ? scalar : typeof current === typeof value)
      out[key] = value;
  }
  return out as RequestListFilter;
};
