import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { hasFull } from '@domain/rights';
import { formatDate } from '@domain/shared/dates';
import { ownerTypeTitles } from '@domain/tool/states';
import { ConfirmDelete, DataTable, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { apiErrorText } from '@/lib/api';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteToolsSetMutation, useToolsSetsQuery } from '../../api/tool-card-api';
import type { ToolsSetFilter, ToolsSetRow } from '../../api/types';
import { catalogOptions, useCatalog, useToolUnits } from '../../model/references';

export interface ToolsSetsScreenProps {
  readonly onOpen: (id: number) => void;
  readonly onCopy: (id: number) => void;
  readonly onCreate: () => void;
}

export const DELETE_SET_QUESTION = 'Удалить комплект оборудования (учетные единцы не будут удалены)?';

const columns: readonly DataColumn<ToolsSetRow>[] = [
  { key: 'id', header: '№', cell: (s) => s.id },
  {
    key: 'unit',
    header: 'Объект',
    cell: (s) => (
      <>
        {s.unit_name ?? ''}
        {s.unit_address && (
          <Typography variant="body2" color="text.secondary">
            {s.unit_address}
          </Typography>
        )}
      </>
    ),
  },
  { key: 'type', header: 'Вид комплекта', cell: (s) => s.type_name ?? '' },
  { key: 'inventar', header: 'Инвентарный номер', cell: (s) => s.inventar_number },
  { key: 'owner', header: 'Принадлежность', cell: (s) => (s.owner_type_id === null ? '' : (ownerTypeTitles[s.owner_type_id] ?? '')) },
  { key: 'buh', header: 'Бухгалтерское наименование', cell: (s) => s.buh_name ?? '' },
  { key: 'work-in', header: 'Дата ввода в эксплуатацию', cell: (s) => formatDate(s.work_in_dt) },
  { key: 'tools', header: 'Единиц', cell: (s) => s.tools_count },
];

/** /tools-sets (equipment.md 2): 20 sets a page, filter by object, set kind and inventory number, copy and delete. */
export const ToolsSetsScreen = ({ onOpen, onCopy, onCreate }: ToolsSetsScreenProps) => {
  const rights = useAppSelector(selectRights);
  const write = hasFull(rights, 'RIGHT_TOOLS_WRITE');
  const units = useToolUnits();
  const setNames = useCatalog('tools_sets_names');
  const [unitId, setUnitId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [inventar, setInventar] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ToolsSetRow | null>(null);
  const [remove, removeState] = useDeleteToolsSetMutation();
  const filter: ToolsSetFilter = {
    ...(unitId ? { units_ids: [Number(unitId)] } : {}),
    ...(typeId ? { type_id: Number(typeId) } : {}),
    ...(inventar.trim() ? { inventar_number: inventar.trim() } : {}),
  };
  const { data, error, isFetching } = useToolsSetsQuery({ filter, page });
  /** Every filter change starts again at page 1. */
  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const open = (s: ToolsSetRow) => {
    // Selecting a text in the row does not open it.
    if (window.getSelection()?.toString()) return;
    onOpen(s.id);
  };
  return (
    <ListScreen
      title={`Комплекты оборудования${data ? ` (${data.itemsCount})` : ''}`}
      actions={
        write && (
          <Button variant="contained" onClick={onCreate}>
            Добавить комплект
          </Button>
        )
      }
      filters={
        <>
          <FilterSelect label="Объект" value={unitId} options={units.map((u) => ({ value: u.id, label: u.name }))} onChange={refilter(setUnitId)} minWidth={320} />
          <FilterSelect label="Вид комплекта" value={typeId} options={catalogOptions('tools_sets_names', setNames)} onChange={refilter(setTypeId)} minWidth={280} />
          <DebouncedTextField label="Инвентарный номер" value={inventar} onChange={refilter(setInventar)} size="small" />
        </>
      }
      pager={{ page, pagesCount: data?.pagesCount ?? 0, onPageChange: setPage }}
      dialogs={
        <ConfirmDelete row={deleting} question={() => DELETE_SET_QUESTION} remove={(s) => remove(s.id).unwrap()} busy={removeState.isLoading} onClose={() => setDeleting(null)} />
      }
    >
      {error && <Alert severity="error">{apiErrorText(error)}</Alert>}
      <DataTable
        label="Комплекты оборудования"
        columns={columns}
        rows={data?.toolsSets}
        rowKey={(s) => s.id}
        fetching={isFetching}
        onRowClick={open}
        rowActions={
          write
            ? (s) => (
                <>
                  <IconButton size="small" aria-label={`Копировать комплект ${s.inventar_number}`} onClick={() => onCopy(s.id)}>
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Удалить комплект ${s.inventar_number}`} onClick={() => setDeleting(s)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              )
            : null
        }
      />
    </ListScreen>
  );
};
