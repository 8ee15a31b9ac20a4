import Typography from '@mui/material/Typography';
import { Suspense, useMemo, useState } from 'react';
import { RegistryListScreen } from '@/components/registry-list';
import { lazyComponent, prefetch } from '@/lib/lazy';
import { useWhenQuiet } from '@/lib/when-quiet';
import { useExportRequestsMutation, useRequestListQuery, type RequestRow } from '../api/request-list-api';
import { useFilterChips } from '../hooks/use-filter-chips';
import { useListRights } from '../hooks/use-list-rights';
import { useAddressFilter } from '../hooks/use-address-filter';
import { useListState } from '../hooks/use-list-state';
import { requestTables } from '../model/columns';
import { toServerFilter, type ListKind } from '../model/filter';
import { DeleteRequestDialog } from './row-dialogs/delete-request-dialog';
import { RowActions } from './table/row-actions';

// The filter's fields (date pickers, pickers of many lists) and the renumbering come once the rows showed.
const RequestFilterFields = lazyComponent(() => import('./filter/filter-fields').then((m) => m.RequestFilterFields));
const ChangeNumberDialog = lazyComponent(() => import('./row-dialogs/change-number-dialog').then((m) => m.ChangeNumberDialog));

export interface RequestListScreenProps {
  readonly list: ListKind;
  readonly title: string;
  /** A row was clicked: open the request dialog. */
  readonly onOpenRequest: (id: number) => void;
  /** 'Создать заявку' (shown only with RIGHT_REQUEST_CREATE OWN or ALL). */
  readonly onCreate: () => void;
}

/**
 * A request list screen (requests.md 2.1, 2.2) as a configuration of the registry kit: counter,
 * filter, export, create, the active conditions, the table (20 rows a page) and its pager; the
 * filter and page live in the store.
 */
export const RequestListScreen = ({ list, title, onOpenRequest, onCreate }: RequestListScreenProps) => {
  useAddressFilter(list);
  const state = useListState(list);
  const { filter, page, setPage } = state;
  const rights = useListRights();
  useWhenQuiet(() => prefetch(RequestFilterFields));
  const [deleting, setDeleting] = useState<RequestRow | null>(null);
  const [renumbering, setRenumbering] = useState<RequestRow | null>(null);

  const wholeFilter = useMemo(() => toServerFilter(filter), [filter]);
  const pageFilter = useMemo(() => ({ ...wholeFilter, pageNumber: page }), [wholeFilter, page]);
  const { data, isFetching } = useRequestListQuery(pageFilter);
  const [download, { isLoading: exporting }] = useExportRequestsMutation();
  const chips = useFilterChips(filter, list);
  const itemsCount = data?.itemsCount ?? null;

  const withActions = rights.canDelete || rights.canEditNumber;
  const renderActions = withActions
    ? (row: RequestRow) => (
        <RowActions row={row} onDelete={rights.canDelete ? setDeleting : undefined} onChangeNumber={rights.canEditNumber ? setRenumbering : undefined} />
      )
    : undefined;

  return (
    <RegistryListScreen
      heading={
        <>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" data-testid="items-count" aria-live="polite">
            {itemsCount === null ? 'Загрузка…' : `Всего: ${itemsCount}`}
          </Typography>
        </>
      }
      table={requestTables[list]}
      filter={{
        title: list === 'hotLine' ? 'Фильтр заявок головного исполнителя' : 'Фильтр заявок',
        fields: <RequestFilterFields list={list} state={state} />,
        chips,
        onClear: state.clear,
        onReset: state.reset,
      }}
      data={data}
      page={page}
      onPageChange={setPage}
      loading={isFetching}
      onOpen={(row) => onOpenRequest(row.id)}
      renderActions={renderActions}
      exporting={{ onExport: (format) => void download({ format, filter: wholeFilter }), busy: exporting }}
      create={rights.canCreate ? { label: 'Создать заявку', onClick: onCreate } : undefined}
      search={{ value: filter.search, onChange: (search) => state.change({ search }), placeholder: 'Поиск по тексту, номеру, чату…' }}
    >
      <DeleteRequestDialog row={deleting} onClose={() => setDeleting(null)} />
      {renumbering && (
        <Suspense fallback={null}>
          <ChangeNumberDialog row={renumbering} onClose={() => setRenumbering(null)} />
        </Suspense>
      )}
    </RegistryListScreen>
  );
};
