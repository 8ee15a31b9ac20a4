import { PerformerKind, kindTitle, statusTitle } from '@domain/request/enums';
import { formatDate } from '@domain/shared/dates';
import type { RequestRow } from '../api/request-list-api';
import type { ListKind } from './filter';

export type ColumnKey = 'index' | 'performer' | 'date' | 'number' | 'hotline' | 'resultDate' | 'organization' | 'kind' | 'status' | 'text';

export interface Column {
  readonly key: ColumnKey;
  readonly title: string;
  /** What the cell shows for a row; `index` is the row's place in the whole list (1-based). */
  readonly value: (row: RequestRow, index: number) => string;
  readonly width?: number | string;
}

const performerShort = (kind: string) => (kind === PerformerKind.SENIOR ? 'ГЛ' : kind === PerformerKind.FILIAL ? 'Филиал' : kind);

/** The columns of requests.md 2.1, in order, with what the exports write in them. */
export const requestColumns: readonly Column[] = [
  { key: 'index', title: '№', value: (_r, i) => String(i), width: 48 },
  { key: 'performer', title: 'ГЛ/Филиал', value: (r) => performerShort(r.request_performer_kind), width: 80 },
  // Registration is a timestamp; its calendar day is the one the date filter and the exports use.
  { key: 'date', title: 'Дата регистрации', value: (r) => formatDate(r.request_date_add), width: 110 },
  { key: 'number', title: 'Номер', value: (r) => (r.number === null ? '' : String(r.number)), width: 70 },
  { key: 'hotline', title: 'Номер на ГЛ', value: (r) => r.hotlinegas_number ?? '', width: 110 },
  { key: 'resultDate', title: 'Дата исполнения', value: (r) => formatDate(r.result_d), width: 110 },
  { key: 'organization', title: 'Организация', value: (r) => r.unit_name ?? r.organization_name ?? '', width: '16%' },
  { key: 'kind', title: 'Тип', value: (r) => kindTitle(r.request_kind_id), width: '12%' },
  { key: 'status', title: 'Состояние', value: (r) => statusTitle(r.request_status_id), width: '11%' },
  { key: 'text', title: 'Содержание', value: (r) => r.request_text },
];

/** The head-performer list has no performer-kind column (requests.md 2.2). */
export const columnsOf = (list: ListKind): readonly Column[] =>
  list === 'hotLine' ? requestColumns.filter((c) => c.key !== 'performer') : requestColumns;
