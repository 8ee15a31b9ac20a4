import { formatDate } from '@domain/shared/dates';
import { toolStateTitles, type ToolState } from '@domain/tool/states';
import type { ToolRow } from '../api/tool-list-api';

export type ColumnKey = 'index' | 'place' | 'setKind' | 'kind' | 'manufacturer' | 'model' | 'serial' | 'inventar' | 'workIn' | 'state' | 'note';

export interface Column {
  readonly key: ColumnKey;
  readonly title: string;
  /** What the cell shows; `index` is the row's place in the whole list (1-based). */
  readonly value: (row: ToolRow, index: number) => string;
  /** The table has a fixed layout (13 columns must fit the screen): the share or pixels of each. */
  readonly width?: number | string;
}

/** Region, object and address in one cell, one per line (equipment.md 2). */
export const placeOf = (r: ToolRow): string => [r.region_title, r.unit_name, r.unit_address].filter(Boolean).join('\n');

/** The columns of equipment.md 2 '/tools' (copy and delete are the row's buttons). */
export const toolColumns: readonly Column[] = [
  { key: 'index', title: '№', value: (_r, i) => String(i), width: 48 },
  { key: 'place', title: 'Регион / объект / адрес', value: placeOf, width: '15%' },
  { key: 'setKind', title: 'Вид комплекта', value: (r) => r.tool_set_name ?? '', width: '9%' },
  { key: 'kind', title: 'Вид оборудования', value: (r) => r.tool_kind ?? '', width: '9%' },
  { key: 'manufacturer', title: 'Производитель', value: (r) => r.manufacturer ?? '', width: '8%' },
  { key: 'model', title: 'Наименование', value: (r) => r.model ?? '', width: '9%' },
  { key: 'serial', title: 'Серийный номер', value: (r) => r.serial_number ?? '', width: '7%' },
  { key: 'inventar', title: 'Инвентарный номер', value: (r) => r.inventar_number ?? '', width: '7%' },
  { key: 'workIn', title: 'Дата ввода в эксплуатацию', value: (r) => formatDate(r.work_in_dt), width: 100 },
  { key: 'state', title: 'Состояние', value: (r) => (r.state === null ? '' : (toolStateTitles[r.state as ToolState] ?? r.stateTitle ?? '')), width: '8%' },
  { key: 'note', title: 'Примечание', value: (r) => r.description ?? '' },
];
