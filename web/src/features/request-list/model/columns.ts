import { PerformerKind, kindTitle, statusTitle } from '@domain/request/enums';
import { formatDate } from '@domain/shared/dates';
import type { RegistryColumn, RegistryTableConfig } from '@/components/registry-list';
import type { RequestRow } from '../api/request-list-api';
import type { ListKind } from './filter';
import { rowTint } from './row-tint';

type Column = RegistryColumn<RequestRow>;

const performerShort = (kind: string) => (kind === PerformerKind.SENIOR ? 'ГЛ' : kind === PerformerKind.FILIAL ? 'Филиал' : kind);

/** The columns of requests.md 2.1, in order, with what the exports write in them. */
const requestColumns: readonly Column[] = [
  { key: 'index', title: '№', value: (_r, i) => String(i), width: 48 },
  { key: 'performer', title: 'ГЛ/Филиал', value: (r) => performerShort(r.request_performer_kind), width: 80 },
  // Registration is a timestamp; its calendar day is the one the date filter and the exports use.
  { key: 'date', title: 'Дата регистрации', value: (r) => formatDate(r.request_date_add), width: 110 },
  { key: 'number', title: 'Номер', value: (r) => (r.number === null ? '' : String(r.number)), width: 70 },
  { key: 'hotline', title: 'Номер на ГЛ', value: (r) => r.hotlinegas_number ?? '', width: 110 },
  { key: 'resultDate', title: 'Дата исполнения', value: (r) => formatDate(r.result_d), width: 110 },
  { key: 'organization', title: 'Организация', value: (r) => r.unit_name ?? r.organization_name ?? '', width: '16%', maxWidth: 220 },
  { key: 'kind', title: 'Тип', value: (r) => kindTitle(r.request_kind_id), width: '12%', maxWidth: 150 },
  { key: 'status', title: 'Состояние', value: (r) => statusTitle(r.request_status_id), width: '11%', maxWidth: 170 },
  { key: 'text', title: 'Содержание', value: (r) => r.request_text, cell: 'clamp', fill: true },
];

/** The head-performer list has no performer-kind column (requests.md 2.2). */
const columnsOf = (list: ListKind): readonly Column[] =>
  list === 'hotLine' ? requestColumns.filter((c) => c.key !== 'performer') : requestColumns;

/** A request list's table: its columns, rows tinted by kind or status, each named by its number. */
const requestTableOf = (list: ListKind): RegistryTableConfig<RequestRow> => ({
  label: 'Список заявок',
  emptyText: 'Заявки не найдены',
  columns: columnsOf(list),
  rowId: (r) => r.id,
  rowLabel: (r) => `Заявка ${r.number ?? ''}`.trim(),
  rowData: (r) => ({ 'data-request-id': r.id }),
  rowTint: (r) => rowTint(r.request_kind_id, r.request_status_id),
  actionsWidth: 96,
});

/** Both lists' tables, made once. */
export const requestTables: Readonly<Record<ListKind, RegistryTableConfig<RequestRow>>> = {
  requests: requestTableOf('requests'),
  hotLine: requestTableOf('hotLine'),
};
