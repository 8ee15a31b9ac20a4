import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppDialog, DebouncedTextField } from '@/components';
import { useSpareOffersQuery } from '../../api/request-dialog-api';
import type { SpareOffer } from '../../api/types';
import { catalogOptions, useCatalog } from '../../hooks/use-references';
import { formatMoney } from '../../model/money';
import { PlainSelect } from './plain-select';

export interface SpareSearchDialogProps {
  readonly requestId: number;
  /** The region of the request's object (the default filter). */
  readonly regionId: number | null;
  /** Lines already in the form ('{set}-{item}') are not offered again. */
  readonly taken: ReadonlySet<string>;
  readonly showCost: boolean;
  readonly onPick: (offer: SpareOffer) => void;
  readonly onClose: () => void;
}

export const spareKey = (s: { spares_set_id: number; item_id: number }) => `${s.spares_set_id}-${s.item_id}`;

/** Spares with a remainder (requests.md 2.5): filter by region and title; set, code, title, cost, remaining. */
export const SpareSearchDialog = ({ requestId, regionId, taken, showCost, onPick, onClose }: SpareSearchDialogProps) => {
  const [region, setRegion] = useState(regionId);
  const [title, setTitle] = useState('');
  const regions = useCatalog('regions');
  const { data, isFetching } = useSpareOffersQuery({ request_id: requestId, region_id: region, title });
  const offers = (data ?? []).filter((o) => !taken.has(spareKey(o)));
  return (
    <AppDialog open title="Выбор ЗИП" onClose={onClose} actions={<Button onClick={onClose}>Закрыть</Button>}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <PlainSelect label="Регион" value={region} options={catalogOptions('regions', regions)} onChange={setRegion} emptyLabel="Регион объекта заявки" />
          <DebouncedTextField label="Наименование" size="small" fullWidth value={title} onChange={setTitle} />
        </Stack>
        <Table size="small" aria-label="ЗИП с остатком">
          <TableHead>
            <TableRow>
              <TableCell>Комплект ЗИП</TableCell>
              <TableCell>Код</TableCell>
              <TableCell>Наименование</TableCell>
              {showCost && <TableCell align="right">Стоимость</TableCell>}
              <TableCell align="right">Остаток</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {offers.map((o) => (
              <TableRow key={spareKey(o)} hover sx={{ cursor: 'pointer' }} onClick={() => onPick(o)}>
                <TableCell>{o.set_title}</TableCell>
                <TableCell>{o.code ?? ''}</TableCell>
                <TableCell>{o.title}</TableCell>
                {showCost && <TableCell align="right">{o.cost === undefined ? '' : formatMoney(o.cost)}</TableCell>}
                <TableCell align="right">{o.remaining}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {offers.length === 0 && !isFetching && <Typography color="text.secondary">ЗИП с остатком не найден</Typography>}
      </Stack>
    </AppDialog>
  );
};
