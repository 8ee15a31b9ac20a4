import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useMemo, useState } from 'react';
import { toolExportConfirmation } from '@domain/report/tool-list';
import type { ToolListQuery } from '@domain/tool/list-filter';
import { RegistryListScreen, RowAction, titleOf } from '@/components/registry-list';
import { lazyComponent, prefetch } from '@/lib/lazy';
import { useWhenQuiet } from '@/lib/when-quiet';
import { usePaging } from '@/hooks/use-paging';
import { useExportToolsMutation, useToolListQuery, type ToolRow } from '../api/tool-list-api';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useToolFilter } from '../hooks/use-tool-filter';
import { useToolReferences } from '../hooks/use-tool-references';
import { useToolRights } from '../hooks/use-tool-rights';
import { toolLabel, toolTable } from '../model/columns';
import { describeFilter } from '../model/describe-filter';
import { filterKey } from '../model/filter';
import { DeleteToolDialog } from './delete-tool-dialog';

// The labels dialog (and its API call) comes when asked for.
const LabelDialog = lazyComponent(() => import('@/components/label-dialog').then((m) => m.LabelDialog));

// The filter's fields (date pickers, pickers of many lists) come once the rows showed.
const ToolFilterFields = lazyComponent(() => import('./filter/filter-fields').then((m) => m.ToolFilterFields));

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
 * /tools (equipment.md 2) as a configuration of the registry kit: 'Оборудование (N)', filter,
 * export, the active conditions, 20 rows a page with copy and delete, and the pager. The list call
 * follows the filter 1000 ms after its last change and never with a filter the contract refuses.
 */
export const ToolListScreen = ({ onOpen, onCopy, onCreate }: ToolListScreenProps) => {
  const rights = useToolRights();
  const references = useToolReferences(rights.readsAll);
  const { filter, problems, change, reset } = useToolFilter(rights.regionId);
  useWhenQuiet(() => prefetch(ToolFilterFields));
  const [deleting, setDeleting] = useState<ToolRow | null>(null);
  const [labels, setLabels] = useState(false);

  const valid = Object.keys(problems).length === 0;
  const key = filterKey(filter);
  const sentKey = useDebouncedValue(key, TOOL_LIST_DEBOUNCE_MS, () => valid);
  const { page, setPage } = usePaging(sentKey);
  const wholeFilter = useMemo(() => JSON.parse(sentKey) as ToolListQuery, [sentKey]);
  const pageFilter = useMemo(() => ({ ...wholeFilter, pageNumber: page }), [wholeFilter, page]);
  const { data, isFetching } = useToolListQuery(pageFilter);
  const [download, { isLoading: exporting }] = useExportToolsMutation();
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

  const renderActions = rights.canWrite
    ? (row: ToolRow) => (
        <>
          <RowAction title="Копировать" label={`Копировать ${toolLabel(row)}`} icon={<ContentCopyIcon fontSize="small" />} onClick={() => onCopy(row.id)} />
          <RowAction title="Удалить" label={`Удалить ${toolLabel(row)}`} icon={<DeleteOutlinedIcon fontSize="small" />} onClick={() => setDeleting(row)} />
        </>
      )
    : undefined;

  return (
    <RegistryListScreen
      heading={
        <Typography variant="h5" component="h1" data-testid="tools-title" aria-live="polite">
          {itemsCount === null ? 'Оборудование' : `Оборудование (${itemsCount})`}
        </Typography>
      }
      table={toolTable}
      filter={{
        title: 'Фильтр оборудования',
        fields: <ToolFilterFields filter={filter} problems={problems} references={references} onChange={change} />,
        chips,
        onClear: change,
        onReset: reset,
      }}
      data={data}
      page={page}
      onPageChange={setPage}
      loading={waiting}
      onOpen={(row) => onOpen(row.id)}
      renderActions={renderActions}
      exporting={{ onExport: (format) => void download({ format, filter: wholeFilter }), busy: exporting, confirmText: toolExportConfirmation }}
      create={rights.canWrite ? { label: 'Добавить оборудование', onClick: onCreate } : undefined}
      // The list waits for the whole filter's quiet (TOOL_LIST_DEBOUNCE_MS): the field reports at once.
      search={{ value: filter.search, onChange: (search) => change({ search }), placeholder: 'Поиск: номер, модель, вид, объект…', delayMs: 0 }}
      toolbarExtra={
        <Button variant="outlined" startIcon={<QrCode2Icon />} onClick={() => setLabels(true)} disabled={itemsCount === null}>
          Этикетки
        </Button>
      }
    >
      <DeleteToolDialog row={deleting} onClose={() => setDeleting(null)} />
      {labels && (
        <Suspense fallback={null}>
          <LabelDialog open onClose={() => setLabels(false)} source={{ filter: wholeFilter, count: itemsCount }} />
        </Suspense>
      )}
    </RegistryListScreen>
  );
};
