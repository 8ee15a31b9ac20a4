import Typography from '@mui/material/Typography';
import { formatDate } from '@domain/shared/dates';
import { toolStateTitles, type ToolState } from '@domain/tool/states';
import { CellText, type RegistryColumn, type RegistryTableConfig } from '@/components/registry-list';
import type { ToolRow } from '../api/tool-list-api';

/** Region, object and address in one cell, one per line (equipment.md 2). */
const placeOf = (r: ToolRow): string => [r.region_title, r.unit_name, r.unit_address].filter(Boolean).join('\n');

/** The object first; its region and address under it, smaller. */
const Place = ({ row }: { readonly row: ToolRow }) => {
  const under = [row.region_title, row.unit_address].filter(Boolean).join(', ');
  return (
    <>
      <CellText text={row.unit_name ?? ''} />
      {under && (
        <Typography variant="caption" component="div" color="text.secondary">
          <CellText text={under} />
        </Typography>
      )}
    </>
  );
};

/** The columns of equipment.md 2 '/tools' (copy and delete are the row's buttons); short values stay on one line. */
const toolColumns: readonly RegistryColumn<ToolRow>[] = [
  { key: 'index', title: '№', value: (_r, i) => String(i), width: 48, cell: 'nowrap' },
  { key: 'place', title: 'Регион / объект / адрес', value: placeOf, width: '15%', maxWidth: 170, line: (r) => [r.unit_name, r.region_title, r.unit_address].filter(Boolean).join(', '), cell: 'lines', render: (r) => <Place row={r} /> },
  { key: 'setKind', title: 'Вид комплекта', value: (r) => r.tool_set_name ?? '', width: '9%', maxWidth: 110, cell: 'lines' },
  { key: 'kind', title: 'Вид оборудования', value: (r) => r.tool_kind ?? '', width: '9%', maxWidth: 120, cell: 'lines' },
  { key: 'manufacturer', title: 'Производитель', value: (r) => r.manufacturer ?? '', width: '8%', maxWidth: 110, cell: 'lines' },
  { key: 'model', title: 'Наименование', value: (r) => r.model ?? '', width: '9%', maxWidth: 120, cell: 'lines', searched: true },
  { key: 'serial', title: 'Серийный номер', value: (r) => r.serial_number ?? '', width: '7%', maxWidth: 110, cell: 'lines', searched: true },
  { key: 'inventar', title: 'Инвентарный номер', value: (r) => r.inventar_number ?? '', width: '7%', maxWidth: 100, cell: 'lines', searched: true },
  { key: 'workIn', title: 'Дата ввода в эксплуатацию', value: (r) => formatDate(r.work_in_dt), width: 100, cell: 'nowrap' },
  {
    key: 'state',
    title: 'Состояние',
    value: (r) => (r.state === null ? '' : (toolStateTitles[r.state as ToolState] ?? r.stateTitle ?? '')),
    width: '8%',
    maxWidth: 110,
    cell: 'lines',
  },
  { key: 'note', title: 'Примечание', value: (r) => r.description ?? '', cell: 'lines', searched: true, fill: true },
];

/** A tool in a few words: kind, model, serial number. */
export const toolLabel = (row: ToolRow) => [row.tool_kind, row.model, row.serial_number ? `с/н ${row.serial_number}` : null].filter(Boolean).join(' ') || `id ${row.id}`;

/** The equipment table: 11 columns; long values are cut in the compact density (the whole text in the tooltip). */
export const toolTable: RegistryTableConfig<ToolRow> = {
  label: 'Список оборудования',
  emptyText: 'Оборудование не найдено',
  columns: toolColumns,
  rowId: (r) => r.id,
  rowLabel: (r) => `Оборудование ${toolLabel(r)}`,
  rowData: (r) => ({ 'data-tool-id': r.id }),
  actionsWidth: 88,
};
