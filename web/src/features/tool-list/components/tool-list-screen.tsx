import FilterListIcon from '@mui/icons-material/FilterList';
import AddIcon from '@mui/icons-material/Add';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ToolListQuery } from '@domain/tool/list-filter';
import { TablePager } from '@/components';
import { PAGE_SIZE } from '@/config/constants';
import { usePaging } from '@/hooks/use-paging';
import { useToolListQuery, type ToolRow } from '../api/tool-list-api';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useToolFilter } from '../hooks/use-tool-filter';
import { titleOf, useToolReferences } from '../hooks/use-tool-references';
import { useToolRights } from '../hooks/use-tool-rights';
import { toolColumns } from '../model/columns';
import { describeFilter } from '../model/describe-filter';
import { filterKey } from '../model/filter';
import { DeleteToolDialog } from './delete-tool-dialog';
import { FilterDialog } from './filter/filter-dialog';
import { ToolTable } from './table/tool-table';
import { ActiveFilters } from './toolbar/active-filters';
import { ExportMenu } from './toolbar/export-menu';

/** The list call waits this long after the last filter change (equipment.md 9). */
export const TOOL_LIST_DEBOUNCE_MS = 1000;

export interface ToolListScreenProps {
  /** A row was clicked: open the card. */
  readonly onOpen: (id: number) => void;
  /** Copy: a new card filled from this tool (shown only with RIGHT_TOOLS_WRITE FULL). */
  readonly onCopy: (id: number) => void;
  /** 'Добавить оборудование' (shown only with RIGHT_TOOLS_WRITE FULL). */
  readonly onCreate: () => void;
}

/**
 * /tools (equipment.md 2): 'Оборудование (N)', filter, export, the active conditions, 20 rows a
 * page with copy and delete, and the pager. The list call follows the filter 1000 ms after its
 * last change and never with a filter the contract refuses.
 */
export const ToolListScreen = ({ onOpen, onCopy, onCreate }: ToolListScreenProps) => {
  const rights = useToolRights();
  const references = useToolReferences(rights.readsAll);
  const { filter, problems, change, reset } = useToolFilter(rights.regionId);
  const [filterOpen, setFilterOpen] = useState(false);
  const [deleting, setDeleting] = useState<ToolRow | null>(null);

  const valid = Object.keys(problems).length === 0;
  const key = filterKey(filter);
  const sentKey = useDebouncedValue(key, TOOL_LIST_DEBOUNCE_MS, () => valid);
  const { page, setPage } = usePaging(sentKey);
  const wholeFilter = useMemo(() => JSON.parse(sentKey) as ToolListQuery, [sentKey]);
  const pageFilter = useMemo(() => ({ ...wholeFilter, pageNumber: page }), [wholeFilter, page]);
  const { data, isFetching } = useToolListQuery(pageFilter);
  // A refused filter is never sent: the list then stays as it is, not 'loading'.
  const waiting = isFetching || (valid && sentKey !== key);
  const itemsCount = data?.itemsCount ?? null;

  const chips = useMemo(
    () =>
      describeFilter(filter, {
        region: (id) => titleOf(references.regions, id),
        unit: (id) => titleOf(references.units, id),
        setName: (id) => titleOf(references.setNames, id),
        toolKind: (id) => titleOf(references.toolKinds, id),
        manufacturer: (id) => titleOf(references.manufacturers, id),
      }),
    [filter, references],
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" data-testid="tools-title" aria-live="polite">
            {itemsCount === null ? 'Оборудование' : `Оборудование (${itemsCount})`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ ml: 'auto !important' }}>
            <Badge color="primary" badgeContent={chips.length} overlap="rectangular">
              <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
                Фильтр
              </Button>
            </Badge>
            <ExportMenu filter={wholeFilter} itemsCount={waiting ? null : itemsCount} />
            {rights.canWrite && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
                Добавить оборудование
              </Button>
            )}
          </Stack>
        </Stack>
        <ActiveFilters chips={chips} onChange={change} onReset={reset} />
        <ToolTable
          rows={data?.tools ?? []}
          columns={toolColumns}
          // Rows of the previous page stay while the next one loads: number them by their own page.
          firstIndex={((data?.pageNumber ?? page) - 1) * PAGE_SIZE + 1}
          loading={waiting}
          onOpen={onOpen}
          onCopy={rights.canWrite ? (row) => onCopy(row.id) : undefined}
          onDelete={rights.canWrite ? setDeleting : undefined}
        />
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
      <FilterDialog
        open={filterOpen}
        filter={filter}
        problems={problems}
        references={references}
        itemsCount={waiting ? null : itemsCount}
        onChange={change}
        onReset={reset}
        onClose={() => setFilterOpen(false)}
      />
      <DeleteToolDialog row={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
};
