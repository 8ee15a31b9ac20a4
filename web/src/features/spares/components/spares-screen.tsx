import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { ConfirmDialog, DebouncedTextField, TablePager, ListScreenHeader } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteSparesSetMutation, useSparesSetsQuery, type SparesSetRow } from '../api/spares-api';
import { linesOf, money } from '../model/spares-rows';
import { SparesSetDialog } from './spares-set-dialog';

type Editing = { readonly set: SparesSetRow | null } | null;

/**
 * 'Комплекты ЗИП' (equipment.md 2): region, set, name, cost, quantity and remainder (amount − the
 * amount used in requests) per item, 20 sets a page; add, edit in the dialog, delete with
 * 'Удалить ЗИП?'. Reading needs RIGHT_ZIP READ or FULL, changing FULL (the server checks again).
 */
export const SparesScreen = () => {
  const rights = useAppSelector(selectCurrentUser)?.rightsObject ?? {};
  const canEdit = hasFull(rights, 'RIGHT_ZIP');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [regionId, setRegionId] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SparesSetRow | null>(null);
  const params = useMemo(() => {
    const p: Record<string, string> = { pageNumber: String(page) };
    if (text.trim()) p.text = text.trim();
    if (regionId) p.region_id = regionId;
    return p;
  }, [page, text, regionId]);
  const { data, isFetching } = useSparesSetsQuery(params);
  const { data: regions } = useCatalogQuery('regions');
  const [remove, { isLoading: removing }] = useDeleteSparesSetMutation();
  const regionTitle = (id: number | null) => String(regions?.find((r) => r.id === id)?.title ?? '');
  const lines = linesOf(data?.sparesSets ?? []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
    } catch {
      // The red notice is the base query's.
    }
    setDeleting(null);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListScreenHeader title={'Комплекты ЗИП'} count={data ? data.itemsCount : null} onAdd={canEdit ? () => setEditing({ set: null }) : null} />
        <Stack direction="row" spacing={1.5}>
          <DebouncedTextField
            size="small"
            label="Наименование"
            type="search"
            value={text}
            onChange={(v) => {
              setText(v);
              setPage(1);
            }}
            sx={{ minWidth: 260 }}
          />
          <TextField
            select
            size="small"
            label="Регион"
            value={regionId}
            onChange={(e) => {
              setRegionId(e.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">Все</MenuItem>
            {(regions ?? []).map((r) => (
              <MenuItem key={r.id} value={String(r.id)}>
                {String(r.title)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Комплекты ЗИП">
            <TableHead>
              <TableRow>
                <TableCell>Регион</TableCell>
                <TableCell>Комплект</TableCell>
                <TableCell>Наименование</TableCell>
                <TableCell align="right">Стоимость</TableCell>
                <TableCell align="right">Количество</TableCell>
                <TableCell align="right">Остаток</TableCell>
                {canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l) => (
                <TableRow key={l.key} hover onClick={() => setEditing({ set: l.set })} sx={{ cursor: 'pointer' }}>
                  <TableCell>{l.first ? regionTitle(l.set.region_id) : ''}</TableCell>
                  <TableCell>{l.first ? l.set.title : ''}</TableCell>
                  <TableCell>{l.title}</TableCell>
                  <TableCell align="right">{money(l.cost)}</TableCell>
                  <TableCell align="right">{l.amount}</TableCell>
                  <TableCell align="right" data-testid="spares-remainder">
                    {l.remainder}
                  </TableCell>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      {l.first && (
                        <IconButton
                          size="small"
                          aria-label={`Удалить «${l.set.title}»`}
                          onClick={(e) => {
                            e.stopPropagation();
                            setDeleting(l.set);
                          }}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {data && lines.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} sx={{ color: 'text.secondary' }}>
                    Нет записей
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
      {editing && <SparesSetDialog key={editing.set?.id ?? 'new'} set={editing.set} canEdit={canEdit} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={deleting !== null} text="Удалить ЗИП?" busy={removing} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </Box>
  );
};
