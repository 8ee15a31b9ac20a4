import {
  requestFieldNames,
  requestFields,
  type RequestField,
  type RequestFields,
  type RequestLists,
} from '../../../domain/request';
import type { FieldType } from '../../../domain/shared/fields';

/**
 * The row of `rm_requests`: every scalar field of the request (domain/request/fields.ts) as a typed
 * column, the request's lists as jsonb (engineers as int[]), and columns derived for the list
 * filters. Values are kept canonical (see `canon`), so a row folded in one batch equals the same
 * row loaded from the table and folded in the next: a rebuild gives identical tables.
 */

export type { FieldType };

/** Each field's column type, from the field table. */
export const requestFieldTypes: Readonly<Record<RequestField, FieldType>> = Object.fromEntries(
  requestFieldNames.map((f) => [f, requestFields[f].type]),
) as Record<RequestField, FieldType>;

/** One canonical form per type: what the table gives back is what the fold produces. */
export const canon = (type: FieldType, v: unknown): unknown => {
  if (v === undefined || v === null) return type === 'bool' ? false : null;
  switch (type) {
    case 'int': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) && v !== '' ? Math.trunc(n) : null;
    }
    case 'text':
      return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
    case 'bool':
      return v === true || v === 'true' || v === 1;
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
    case 'ts': {
      const t = typeof v === 'string' || typeof v === 'number' ? Date.parse(String(v)) : NaN;
      return Number.isNaN(t) ? null : new Date(t).toISOString();
    }
  }
};

export const canonField = (field: RequestField, v: unknown): unknown => {
  const value = canon(requestFieldTypes[field], v);
  return field === 'request_text' && value === null ? '' : value;
};

/** A spare of the stock allocated to the request (from the spares-set streams). */
export interface RequestSpareLine {
  spares_set_id: number;
  item_id: number;
  code: number | null;
  title: string;
  cost: number;
  amount: number;
}

export interface RequestRow extends RequestFields, RequestLists {
  deleted: boolean;
  comments_count: number;
  registered_by: number | null;
  /**
   * Sent back for re-execution ('На повторное исполнение', or the hot line's) and still in the status
   * that moved it to: the home page's 'returned for re-execution' and the list filter `returned`.
   */
  returned: boolean;
  /** Stream revision of the last request event (the client sends it back with a save). */
  revision: number;
  spares: RequestSpareLine[];
  year: number | null;
  tool_ids: number[];
  has_co_13: boolean;
  has_co_3: boolean;
  has_co_7: boolean;
  has_co_8: boolean;
  has_co_41: boolean;
  has_co_42: boolean;
  has_learning: boolean;
  unsigned_docs: number;
  cost_work: number;
  cost_spares: number;
  cost_spares_pbs: number;
}

const listColumns = ['works', 'spares_pbs', 'tools_commissioning', 'students_list', 'attachments', 'documents'] as const;

export const derivedColumns = [
  'engineers', ...listColumns, 'deleted', 'comments_count', 'registered_by', 'returned', 'revision', 'spares', 'year', 'tool_ids',
  'has_co_13', 'has_co_3', 'has_co_7', 'has_co_8', 'has_co_41', 'has_co_42', 'has_learning', 'unsigned_docs',
  'cost_work', 'cost_spares', 'cost_spares_pbs',
] as const satisfies readonly (keyof RequestRow)[];

export const requestRowColumns: readonly string[] = [...requestFieldNames, ...derivedColumns];

/** Rows as the table gives them back (int8/numeric as numbers, timestamps as ISO, dates as text). */
export const rowFromDb = (raw: Record<string, unknown>): RequestRow => {
  const row = { ...raw } as Record<string, unknown>;
  for (const f of requestFieldNames) row[f] = canonField(f, raw[f]);
  row.cost_work = Number(raw.cost_work);
  row.cost_spares = Number(raw.cost_spares);
  row.cost_spares_pbs = Number(raw.cost_spares_pbs);
  return row as unknown as RequestRow;
};
