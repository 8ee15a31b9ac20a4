import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { formatMoney } from '../../model/money';
import { FormTextField, SectionTitle } from '../fields';
import { SpareSearchDialog, spareKey } from '../pickers/spare-search-dialog';
import { RowDeleteButton } from './row-delete-button';

/** Spares from the branch's ZIP stock: the whole allocation of the request is saved with it. */
export const SparesTable = () => {
  const { view, change, canViewCost } = useRequestEdit();
  const editable = useIsEditable('spares');
  const [lines, regionId] = useWatch<RequestFormValues, ['spares', 'region_id']>({ name: ['spares', 'region_id'] });
  const [picking, setPicking] = useState(false);
  const taken = useMemo(() => new Set(lines.map(spareKey)), [lines]);
  return (
    <Stack spacing={1}>
      <SectionTitle>ЗИП</SectionTitle>
      <Table size="small" aria-label="ЗИП">
        <TableHead>
          <TableRow>
            <TableCell>Комплект ЗИП</TableCell>
            <TableCell>Код</TableCell>
            <TableCell>Наименование</TableCell>
            {canViewCost && <TableCell align="right">Стоимость</TableCell>}
            <TableCell sx={{ width: 130 }}>Количество</TableCell>
            {editable && <TableCell sx={{ width: 48 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, i) => (
            <TableRow key={spareKey(line)}>
              <TableCell>{line.set_title ?? ''}</TableCell>
              <TableCell>{line.code ?? ''}</TableCell>
              <TableCell>{line.title}</TableCell>
              {canViewCost && <TableCell align="right">{line.cost === null ? '' : formatMoney(line.cost)}</TableCell>}
              <TableCell>
                <FormTextField name={`spares.${i}.amount`} label="Количество" size="small" inputMode="numeric" emptyValue="" />
              </TableCell>
              {editable && (
                <TableCell>
                  <RowDeleteButton label="Удалить ЗИП" onClick={() => change('spares', lines.filter((_l, j) => j !== i))} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editable && view && (
        <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setPicking(true)}>
          Добавить ЗИП
        </Button>
      )}
      {picking && view && (
        <SpareSearchDialog
          requestId={view.id}
          regionId={regionId}
          taken={taken}
          showCost={canViewCost}
          onClose={() => setPicking(false)}
          onPick={(o) => {
            setPicking(false);
            change('spares', [
              ...lines,
              { spares_set_id: o.spares_set_id, item_id: o.item_id, set_title: o.set_title, code: o.code, title: o.title, cost: o.cost ?? null, amount: '1', remaining: o.remaining },
            ]);
          }}
        />
      )}
    </Stack>
  );
};
