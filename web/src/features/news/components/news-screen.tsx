import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { SPECIAL_SOFTWARE } from '@domain/news/decider';
import { DataTable, DateInput, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
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
  const filter = useMemo(() => {
    const f: Record<string, string | number> = { pageNumber: page };
    if (dateFrom) f.date_from = dateFrom;
    if (dateTo) f.date_to = dateTo;
    if (text.trim()) f.text = text.trim();
    if (programId) f.program_id = Number(programId);
    return f;
  }, [page, dateFrom, dateTo, text, programId]);
  const { data, isFetching, isError } = useNewsQuery(filter);
  const { data: programs } = useCatalogQuery('programs');
  const [remove, { isLoading: removing }] = useDeleteNewsMutation();
  const [download] = useDownloadNewsFileMutation();
  const special = (programs ?? []).filter((p) => Number(p.type) === SPECIAL_SOFTWARE).map((p) => ({ value: p.id, label: String(p.title) }));
  if (data && page > data.pagesCount) setPage(1);
  /** Every filter change starts again at page 1. */
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const columns: readonly DataColumn<NewsRow>[] = [
    { key: 'date', header: 'Дата', cell: (n) => shown(n.date) },
    { key: 'title', header: 'Заголовок', cell: (n) => n.title },
    { key: 'description', header: 'Описание', sx: { whiteSpace: 'pre-wrap' }, cell: (n) => n.description },
    { key: 'program', header: 'Программное обеспечение', cell: (n) => n.program_title ?? '' },
    {
      key: 'files',
      header: 'Файлы',
      cell: (n) => (
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
      ),
    },
  ];

  return (
    <ListScreen
      title="Новости поддержки"
      count={data ? data.itemsCount : null}
      onAdd={canEdit ? () => setEditing({ news: null }) : null}
      filters={
        <>
          <DateInput label="Дата с" value={dateFrom} onChange={refilter(setDateFrom)} />
          <DateInput label="Дата по" value={dateTo} onChange={refilter(setDateTo)} />
          <DebouncedTextField size="small" type="search" label="Наименование ПО" value={text} onChange={refilter(setText)} sx={{ minWidth: 220 }} />
          <FilterSelect label="Программное обеспечение" value={programId} options={special} onChange={refilter(setProgramId)} minWidth={260} />
        </>
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
      dialogs={editing && <NewsDialog key={editing.news?.id ?? 'new'} news={editing.news} onClose={() => setEditing(null)} />}
    >
      <DataTable
        label="Новости поддержки"
        columns={columns}
        rows={data?.renewals}
        rowKey={(n) => n.id}
        fetching={isFetching}
        failed={isError}
        onRowClick={canEdit ? (n) => setEditing({ news: n }) : null}
        rowDelete={canEdit ? { titleOf: (n) => n.title, question: (n) => `Удалить новость «${n.title}»?`, remove: (n) => remove(n.id).unwrap(), busy: removing } : null}
      />
    </ListScreen>
  );
};
