import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
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
import { SPECIAL_SOFTWARE } from '@domain/news/decider';
import { ConfirmDialog, DateInput, DebouncedTextField, ListScreenHeader, TablePager } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteNewsMutation, useDownloadNewsFileMutation, useNewsQuery, type NewsRow } from '../api/news-api';
import { NewsDialog } from './news-dialog';

const year = new Date().getFullYear();
const shown = (iso: string) => iso.split('-').reverse().join('.');

/**
 * /gas-soft-renewal 'Новости поддержки' (administration.md 2.10): filters date from / to (the current
 * year by default), software title text, software (special only); columns date, title, description,
 * software, download links; add, edit, delete with RIGHT_GAS_SOFT_RENEWAL_EDIT.
 */
export const NewsScreen = () => {
  const rights = useAppSelector(selectCurrentUser)?.rightsObject ?? {};
  const canEdit = hasFull(rights, 'RIGHT_GAS_SOFT_RENEWAL_EDIT');
  const [page, setPage] = useState(1);
  const [dateFrom, setDateFrom] = useState<string | null>(`${year}-01-01`);
  const [dateTo, setDateTo] = useState<string | null>(`${year}-12-31`);
  const [text, setText] = useState('');
  const [programId, setProgramId] = useState('');
  const [editing, setEditing] = useState<{ readonly news: NewsRow | null } | null>(null);
  const [deleting, setDeleting] = useState<NewsRow | null>(null);
  const filter = useMemo(() => {
    const f: Record<string, string | number> = { pageNumber: page };
    if (dateFrom) f.date_from = dateFrom;
    if (dateTo) f.date_to = dateTo;
    if (text.trim()) f.text = text.trim();
    if (programId) f.program_id = Number(programId);
    return f;
  }, [page, dateFrom, dateTo, text, programId]);
  const { data, isFetching } = useNewsQuery(filter);
  const { data: programs } = useCatalogQuery('programs');
  const [remove, { isLoading: removing }] = useDeleteNewsMutation();
  const [download] = useDownloadNewsFileMutation();
  const special = (programs ?? []).filter((p) => Number(p.type) === SPECIAL_SOFTWARE);
  if (data && page > data.pagesCount) setPage(1);

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
        <ListScreenHeader title="Новости поддержки" count={data ? data.itemsCount : null} onAdd={canEdit ? () => setEditing({ news: null }) : null} />
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <DateInput label="Дата с" value={dateFrom} onChange={(v) => { setDateFrom(v); setPage(1); }} />
          <DateInput label="Дата по" value={dateTo} onChange={(v) => { setDateTo(v); setPage(1); }} />
          <DebouncedTextField size="small" type="search" label="Наименование ПО" value={text} onChange={(v) => { setText(v); setPage(1); }} sx={{ minWidth: 220 }} />
          <TextField select size="small" label="Программное обеспечение" value={programId} onChange={(e) => { setProgramId(e.target.value); setPage(1); }} sx={{ minWidth: 260 }}>
            <MenuItem value="">Все</MenuItem>
            {special.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {String(p.title)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Новости поддержки">
            <TableHead>
              <TableRow>
                <TableCell>Дата</TableCell>
                <TableCell>Заголовок</TableCell>
                <TableCell>Описание</TableCell>
                <TableCell>Программное обеспечение</TableCell>
                <TableCell>Файлы</TableCell>
                {canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.renewals ?? []).map((n) => (
                <TableRow key={n.id} hover onClick={canEdit ? () => setEditing({ news: n }) : undefined} sx={canEdit ? { cursor: 'pointer' } : undefined}>
                  <TableCell>{shown(n.date)}</TableCell>
                  <TableCell>{n.title}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{n.description}</TableCell>
                  <TableCell>{n.program_title ?? ''}</TableCell>
                  <TableCell>
                    <Stack spacing={0.5}>
                      {n.gas_soft_renewals_files.map((f) => (
                        <Link
                          key={f.file_id}
                          component="button"
                          type="button"
                          onClick={(e) => {
                            e.stopPropagation();
                            void download({ id: n.id, file: f });
                          }}
                        >
                          {f.file_name}
                        </Link>
                      ))}
                    </Stack>
                  </TableCell>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={`Удалить «${n.title}»`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setDeleting(n);
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {data && data.renewals.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
                    Нет записей
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
      {editing && <NewsDialog key={editing.news?.id ?? 'new'} news={editing.news} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        text={deleting ? `Удалить новость «${deleting.title}»?` : ''}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
};
