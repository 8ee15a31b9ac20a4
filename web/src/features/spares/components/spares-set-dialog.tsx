import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog, EditDialog } from '@/components';
import { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError } from '@/lib/api';
import { showError } from '@/lib/notices';
import { useCatalogQuery } from '@/lib/references';
import { useAppDispatch } from '@/lib/store';
import { useRemoveSparesItemMutation, useSaveSparesSetMutation, type SparesItemRow, type SparesSetRow } from '../api/spares-api';

export interface SparesSetDialogProps {
  /** null: a new set. */
  readonly set: SparesSetRow | null;
  readonly canEdit: boolean;
  readonly onClose: () => void;
}

const emptyItem = (): SparesItemRow => ({ id: null, code: '', title: '', cost: '', amount: '' });
const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? v : Number(v.replace(',', '.')));

/**
 * The spares set dialog (equipment.md 2, 5): region, title, contract and the items (at least one).
 * A new row is dropped at once; a saved item is removed by its own call, only while more than one
 * remains. The server checks every rule; its messages go to their fields.
 */
export const SparesSetDialog = ({ set, canEdit, onClose }: SparesSetDialogProps) => {
  const dispatch = useAppDispatch();
  const { data: regions } = useCatalogQuery('regions');
  const [save, { isLoading }] = useSaveSparesSetMutation();
  const [removeItem, { isLoading: removing }] = useRemoveSparesItemMutation();
  const [regionId, setRegionId] = useState<number | null>(set?.region_id ?? null);
  const [title, setTitle] = useState(set?.title ?? '');
  const [contract, setContract] = useState(set?.contract ?? '');
  const [items, setItems] = useState<SparesItemRow[]>(set ? [...set.spares_sets_items] : [emptyItem()]);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [removingIndex, setRemovingIndex] = useState<number | null>(null);
  const busy = isLoading || removing;
  const readOnly = !canEdit || busy;

  const setItem = (i: number, patch: Partial<SparesItemRow>) => setItems((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async () => {
    setErrors({});
    const sparesSet = {
      region_id: regionId,
      title,
      contract,
      spares_sets_items: items.map((i) => ({ id: i.id, code: num(i.code), title: i.title, cost: num(i.cost), amount: num(i.amount) })),
    };
    try {
      await save({ id: set?.id ?? null, sparesSet }).unwrap();
      onClose();
    } catch (error) {
      if (!isFetchBaseQueryError(error) || httpStatusOf(error) !== 400) return;
      const fields = fieldErrorsOf(error);
      setErrors(Object.keys(fields).length ? fields : { '': apiErrorText(error) });
      if (Object.keys(fields).length === 0) dispatch(showError(apiErrorText(error)));
    }
  };

  const confirmRemove = async () => {
    const i = removingIndex;
    setRemovingIndex(null);
    if (i === null) return;
    const item = items[i];
    if (!item) return;
    if (item.id === null || !set) {
      setItems((rows) => rows.filter((_, j) => j !== i));
      return;
    }
    try {
      await removeItem({ setId: set.id, itemId: item.id }).unwrap();
      setItems((rows) => rows.filter((_, j) => j !== i));
    } catch {
      // The red notice is the base query's; the row stays.
    }
  };

  const cell = (i: number, field: 'code' | 'title' | 'cost' | 'amount', label: string) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      name={`items.${i}.${field}`}
      value={String(items[i]![field])}
      disabled={readOnly}
      onChange={(e) => setItem(i, { [field]: e.target.value })}
      error={Boolean(errors[`items.${i}.${field}`])}
      helperText={errors[`items.${i}.${field}`]}
    />
  );

  return (
    <EditDialog
      title={set ? 'Комплект ЗИП: изменение' : 'Комплект ЗИП: добавление'}
      readOnly={!canEdit}
      busy={busy}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label="Регион"
          name="region_id"
          value={regionId ?? ''}
          disabled={readOnly}
          onChange={(e) => setRegionId(Number(e.target.value) || null)}
          error={Boolean(errors.region_id)}
          helperText={errors.region_id}
        >
          {(regions ?? []).map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {String(r.title)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Наименование" name="title" value={title} disabled={readOnly} onChange={(e) => setTitle(e.target.value)} error={Boolean(errors.title)} helperText={errors.title} />
        <TextField label="Контракт" name="contract" value={contract} disabled={readOnly} onChange={(e) => setContract(e.target.value)} error={Boolean(errors.contract)} helperText={errors.contract} />
        <Typography variant="subtitle2">Позиции ЗИП</Typography>
        {errors.items && <Typography color="error">{errors.items}</Typography>}
        <Table size="small" aria-label="Позиции ЗИП">
          <TableHead>
            <TableRow>
              <TableCell>Код</TableCell>
              <TableCell>Наименование</TableCell>
              <TableCell>Стоимость</TableCell>
              <TableCell>Количество</TableCell>
              <TableCell>Остаток</TableCell>
              {canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item, i) => (
              <TableRow key={item.id ?? `new-${i}`}>
                <TableCell sx={{ minWidth: 90 }}>{cell(i, 'code', 'Код')}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>{cell(i, 'title', 'Наименование')}</TableCell>
                <TableCell sx={{ minWidth: 110 }}>{cell(i, 'cost', 'Стоимость')}</TableCell>
                <TableCell sx={{ minWidth: 100 }}>{cell(i, 'amount', 'Количество')}</TableCell>
                <TableCell>{item.remainder ?? ''}</TableCell>
                {canEdit && (
                  <TableCell padding="checkbox">
                    {/* An item is removed only while more than one remains (equipment.md 5). */}
                    {items.length > 1 && (
                      <IconButton size="small" aria-label={`Удалить позицию ${i + 1}`} disabled={busy} onClick={() => setRemovingIndex(i)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canEdit && (
          <Button onClick={() => setItems((rows) => [...rows, emptyItem()])} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            Добавить позицию
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={removingIndex !== null}
        text="Удалить позицию ЗИП?"
        busy={removing}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemovingIndex(null)}
      />
    </EditDialog>
  );
};
