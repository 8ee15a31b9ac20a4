import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { hasFull } from '@domain/rights';
import { formatDate } from '@domain/shared/dates';
import { ownerTypeTitles } from '@domain/tool/states';
import { ConfirmDialog, DebouncedTextField, TablePager } from '@/components';
import { apiErrorText } from '@/lib/api';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteToolsSetMutation, useToolsSetsQuery } from '../../api/tool-card-api';
import type { ToolsSetFilter } from '../../api/types';
import { catalogOptions, useCatalog, useToolUnits } from '../../model/references';

export interface ToolsSetsScreenProps {
  readonly onOpen: (id: number) => void;
  readonly onCopy: (id: number) => void;
  readonly onCreate: () => void;
}

export const DELETE_SET_QUESTION = 'Удалить комплект оборудования (учетные единцы не будут удалены)?';

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
  const [deleting, setDeleting] = useState<number | null>(null);
  const [remove, removeState] = useDeleteToolsSetMutation();
  const filter: ToolsSetFilter = {
    ...(unitId ? { units_ids: [Number(unitId)] } : {}),
    ...(typeId ? { type_id: Number(typeId) } : {}),
    ...(inventar.trim() ? { inventar_number: inventar.trim() } : {}),
  };
  const { data, error, isFetching } = useToolsSetsQuery({ filter, page });
  const filtered = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const rowClick = (event: MouseEvent, id: number) => {
    // Selecting a text in the row does not open it.
    if (window.getSelection()?.toString()) return;
    if ((event.target as HTMLElement).closest('button')) return;
    onOpen(id);
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {`Комплекты оборудования${data ? ` (${data.itemsCount})` : ''}`}
        </Typography>
        {write && (
          <Button variant="contained" onClick={onCreate}>
            Добавить комплект
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField select label="Объект" value={unitId} onChange={(e) => filtered(() => setUnitId(e.target.value))} sx={{ minWidth: 320 }} size="small">
          <MenuItem value="">
            <em>Все</em>
          </MenuItem>
          {units.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Вид комплекта" value={typeId} onChange={(e) => filtered(() => setTypeId(e.target.value))} sx={{ minWidth: 280 }} size="small">
          <MenuItem value="">
            <em>Все</em>
          </MenuItem>
          {catalogOptions('tools_sets_names', setNames).map((o) => (
            <MenuItem key={o.value} value={String(o.value)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <DebouncedTextField label="Инвентарный номер" value={inventar} onChange={(v) => filtered(() => setInventar(v))} size="small" />
      </Stack>
      {isFetching && <LinearProgress aria-label="Загрузка" />}
      {error && <Alert severity="error">{apiErrorText(error)}</Alert>}
      <Table size="small" aria-label="Комплекты оборудования">
        <TableHead>
          <TableRow>
            <TableCell>№</TableCell>
            <TableCell>Объект</TableCell>
            <TableCell>Вид комплекта</TableCell>
            <TableCell>Инвентарный номер</TableCell>
            <TableCell>Принадлежность</TableCell>
            <TableCell>Бухгалтерское наименование</TableCell>
            <TableCell>Дата ввода в эксплуатацию</TableCell>
            <TableCell>Единиц</TableCell>
            {write && <TableCell sx={{ width: 96 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.toolsSets ?? []).map((s) => (
            <TableRow key={s.id} hover sx={{ cursor: 'pointer' }} onClick={(e) => rowClick(e, s.id)}>
              <TableCell>{s.id}</TableCell>
              <TableCell>
                {s.unit_name ?? ''}
                {s.unit_address && (
                  <Typography variant="body2" color="text.secondary">
                    {s.unit_address}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{s.type_name ?? ''}</TableCell>
              <TableCell>{s.inventar_number}</TableCell>
              <TableCell>{s.owner_type_id === null ? '' : (ownerTypeTitles[s.owner_type_id] ?? '')}</TableCell>
              <TableCell>{s.buh_name ?? ''}</TableCell>
              <TableCell>{formatDate(s.work_in_dt)}</TableCell>
              <TableCell>{s.tools_count}</TableCell>
              {write && (
                <TableCell>
                  <IconButton size="small" aria-label={`Копировать комплект ${s.inventar_number}`} onClick={() => onCopy(s.id)}>
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Удалить комплект ${s.inventar_number}`} onClick={() => setDeleting(s.id)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePager page={page} pagesCount={data?.pagesCount ?? 0} onPageChange={setPage} />
      <ConfirmDialog
        open={deleting !== null}
        text={DELETE_SET_QUESTION}
        busy={removeState.isLoading}
        onConfirm={() => {
          if (deleting !== null) void remove(deleting).then(() => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
};
