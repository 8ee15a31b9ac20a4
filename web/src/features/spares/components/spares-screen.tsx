import { useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { DataTable, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteSparesSetMutation, useSparesSetsQuery, type SparesSetRow } from '../api/spares-api';
import { linesOf, money, type SparesLine } from '../model/spares-rows';
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
  const params = useMemo(() => {
    const p: Record<string, string> = { pageNumber: String(page) };
    if (text.trim()) p.text = text.trim();
    if (regionId) p.region_id = regionId;
    return p;
  }, [page, text, regionId]);
  const { data, isFetching, isError } = useSparesSetsQuery(params);
  const { data: regions } = useCatalogQuery('regions');
  const [remove, { isLoading: removing }] = useDeleteSparesSetMutation();
  const regionTitle = (id: number | null) => String(regions?.find((r) => r.id === id)?.title ?? '');
  const regionOptions = (regions ?? []).map((r) => ({ value: r.id, label: String(r.title) }));

  // A set's region, title and delete button stand on its first line only.
  const columns: readonly DataColumn<SparesLine>[] = [
    { key: 'region', header: 'Регион', cell: (l) => (l.first ? regionTitle(l.set.region_id) : '') },
    { key: 'set', header: 'Комплект', cell: (l) => (l.first ? l.set.title : '') },
    { key: 'title', header: 'Наименование', cell: (l) => l.title },
    { key: 'cost', header: 'Стоимость', align: 'right', cell: (l) => money(l.cost) },
    { key: 'amount', header: 'Количество', align: 'right', cell: (l) => l.amount },
    { key: 'remainder', header: 'Остаток', align: 'right', testId: 'spares-remainder', cell: (l) => l.remainder },
  ];

  return (
    <ListScreen
      title="Комплекты ЗИП"
      count={data ? data.itemsCount : null}
      onAdd={canEdit ? () => setEditing({ set: null }) : null}
      filters={
        <>
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
          <FilterSelect
            label="Регион"
            value={regionId}
            options={regionOptions}
            onChange={(v) => {
              setRegionId(v);
              setPage(1);
            }}
          />
        </>
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
      dialogs={editing && <SparesSetDialog key={editing.set?.id ?? 'new'} set={editing.set} canEdit={canEdit} onClose={() => setEditing(null)} />}
    >
      <DataTable
        label="Комплекты ЗИП"
        columns={columns}
        rows={data ? linesOf(data.sparesSets) : undefined}
        rowKey={(l) => l.key}
        fetching={isFetching}
        failed={isError}
        onRowClick={(l) => setEditing({ set: l.set })}
        rowDelete={canEdit ? { titleOf: (l) => l.set.title, shown: (l) => l.first, question: () => 'Удалить ЗИП?', remove: (l) => remove(l.set.id).unwrap(), busy: removing } : null}
      />
    </ListScreen>
  );
};
