import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { TablePager } from '@/components';
import { PAGE_SIZE } from '@/config/constants';
import { useRequestListQuery, type RequestRow } from '../api/request-list-api';
import { useFilterChips } from '../hooks/use-filter-chips';
import { useListRights } from '../hooks/use-list-rights';
import { useListState } from '../hooks/use-list-state';
import { columnsOf } from '../model/columns';
import { activeCount } from '../model/describe-filter';
import { toServerFilter, type ListKind } from '../model/filter';
import { FilterDialog } from './filter/filter-dialog';
import { ChangeNumberDialog } from './row-dialogs/change-number-dialog';
import { DeleteRequestDialog } from './row-dialogs/delete-request-dialog';
import { RequestTable } from './table/request-table';
import { RowActions } from './table/row-actions';
import { ActiveFilters } from './toolbar/active-filters';
import { ListToolbar } from './toolbar/list-toolbar';

export interface RequestListScreenProps {
  readonly list: ListKind;
  readonly title: string;
  /** A row was clicked: open the request dialog. */
  readonly onOpenRequest: (id: number) => void;
  /** 'Создать заявку' (shown only with RIGHT_REQUEST_CREATE OWN or ALL). */
  readonly onCreate: () => void;
}

/**
 * A request list screen (requests.md 2.1, 2.2): counter, filter, export, create, the active
 * conditions, the table (20 rows a page) and its pager; the filter and page live in the store.
 */
export const RequestListScreen = ({ list, title, onOpenRequest, onCreate }: RequestListScreenProps) => {
  const state = useListState(list);
  const { filter, page, setPage } = state;
  const rights = useListRights();
  const [filterOpen, setFilterOpen] = useState(false);
  const [deleting, setDeleting] = useState<RequestRow | null>(null);
  const [renumbering, setRenumbering] = useState<RequestRow | null>(null);

  const wholeFilter = useMemo(() => toServerFilter(filter), [filter]);
  const pageFilter = useMemo(() => ({ ...wholeFilter, pageNumber: page }), [wholeFilter, page]);
  const { data, isFetching } = useRequestListQuery(pageFilter);
  const chips = useFilterChips(filter, list);
  const columns = columnsOf(list);

  const withActions = rights.canDelete || rights.canEditNumber;
  const renderActions = withActions
    ? (row: RequestRow) => (
        <RowActions
          row={row}
          onDelete={rights.canDelete ? setDeleting : undefined}
          onChangeNumber={rights.canEditNumber ? setRenumbering : undefined}
        />
      )
    : undefined;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListToolbar
          title={title}
          itemsCount={data?.itemsCount ?? null}
          activeFilters={activeCount(chips)}
          exportFilter={wholeFilter}
          onFilter={() => setFilterOpen(true)}
          onCreate={rights.canCreate ? onCreate : undefined}
        />
        <ActiveFilters chips={chips} state={state} />
        <RequestTable
          rows={data?.requests ?? []}
          columns={columns}
          // Rows of the previous page stay while the next one loads: number them by their own page.
          firstIndex={((data?.pageNumber ?? page) - 1) * PAGE_SIZE + 1}
          loading={isFetching}
          onOpen={onOpenRequest}
          renderActions={renderActions}
        />
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
      <FilterDialog open={filterOpen} list={list} state={state} itemsCount={isFetching ? null : (data?.itemsCount ?? null)} onClose={() => setFilterOpen(false)} />
      <DeleteRequestDialog row={deleting} onClose={() => setDeleting(null)} />
      {renumbering && <ChangeNumberDialog row={renumbering} onClose={() => setRenumbering(null)} />}
    </Box>
  );
};
