import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { formatDate } from '@domain/shared/dates';
import { AppDialog, DebouncedTextField, TablePager } from '@/components';
import { usePaging } from '@/hooks/use-paging';
import { useToolSearchQuery } from '../../api/request-dialog-api';
import type { ToolFilter, ToolRow } from '../../api/types';
import { catalogOptions, useCatalog } from '../../hooks/use-references';
import { PlainSelect } from './plain-select';

export interface EquipmentSearchDialogProps {
  readonly open: boolean;
  /** The request's object: the search shows its equipment only. */
  readonly unitId: number | null;
  readonly onPick: (tool: ToolRow) => void;
  readonly onClose: () => void;
}

type Filters = Omit<ToolFilter, 'unit_id' | 'pageNumber'>;

const emptyFilters: Filters = {
  tool_set_name_id: null,
  tool_kind_id: null,
  manufacturer_id: null,
  tool_model: '',
  serial_number: '',
  inventar_number: '',
};

/** Equipment search (requests.md 2.5): 20 rows a page, filters, texts debounced 500 ms; a row click picks. */
export const EquipmentSearchDialog = ({ open, unitId, onPick, onClose }: EquipmentSearchDialogProps) => {
  const [filters, setFilters] = useState(emptyFilters);
  const { page, setPage } = usePaging(JSON.stringify(filters));
  const setNames = useCatalog('tools_sets_names');
  const toolKinds = useCatalog('tool_kind');
  const manufacturers = useCatalog('manufacturer');
  const { data, isFetching } = useToolSearchQuery(open && unitId !== null ? { ...filters, unit_id: unitId, pageNumber: page } : skipToken);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <AppDialog open={open} title="Поиск оборудования" onClose={onClose} actions={<Button onClick={onClose}>Закрыть</Button>}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <PlainSelect label="Вид комплекта" value={filters.tool_set_name_id} options={catalogOptions('tools_sets_names', setNames)} onChange={(v) => set('tool_set_name_id', v)} />
          <PlainSelect label="Вид оборудования" value={filters.tool_kind_id} options={catalogOptions('tool_kind', toolKinds)} onChange={(v) => set('tool_kind_id', v)} />
          <PlainSelect label="Производитель" value={filters.manufacturer_id} options={catalogOptions('manufacturer', manufacturers)} onChange={(v) => set('manufacturer_id', v)} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <DebouncedTextField label="Наименование" size="small" fullWidth value={filters.tool_model} onChange={(v) => set('tool_model', v)} />
          <DebouncedTextField label="Серийный номер" size="small" fullWidth value={filters.serial_number} onChange={(v) => set('serial_number', v)} />
          <DebouncedTextField label="Инвентарный номер" size="small" fullWidth value={filters.inventar_number} onChange={(v) => set('inventar_number', v)} />
        </Stack>
        <Table size="small" aria-label="Оборудование объекта">
          <TableHead>
            <TableRow>
              <TableCell>Оборудование</TableCell>
              <TableCell>Комплект</TableCell>
              <TableCell>Состояние</TableCell>
              <TableCell>Гарантия до</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.tools ?? []).map((tool) => (
              <TableRow key={tool.id} hover onClick={() => onPick(tool)} sx={{ cursor: 'pointer' }}>
                <TableCell>{tool.title}</TableCell>
                <TableCell>{tool.set_inventar_number ?? ''}</TableCell>
                <TableCell>{tool.stateTitle ?? ''}</TableCell>
                <TableCell>{formatDate(tool.guaranty_dt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data && data.tools.length === 0 && !isFetching && <Typography color="text.secondary">Оборудование не найдено</Typography>}
        <TablePager page={page} pagesCount={data?.pagesCount ?? 0} onPageChange={setPage} />
      </Stack>
    </AppDialog>
  );
};
