import WarningIcon from '@mui/icons-material/Warning';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { DataTable, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteToolModelMutation, useExportToolModelsMutation, useToolModelsQuery, type ToolModelRow } from '../api/tool-model-api';
import { filesCountOf, manufacturersForKind, traitsFillOf } from '../model/model-rows';
import { ToolModelDialog } from './tool-model-dialog';

type Editing = { readonly model: ToolModelRow | null } | null;

const VERIFIED_OPTIONS = [
  { value: 'true', label: 'Проверена' },
  { value: 'false', label: 'Не проверена' },
] as const;

/**
 * /tools-models (equipment.md 2): filter by kind, manufacturer (those with models of the kind),
 * name and verification; xlsx export; columns kind, manufacturer, name, characteristics
 * "kind's count / filled" (a warning when they differ) and documents / images; add, edit, delete.
 */
export const ToolModelsScreen = () => {
  const rights = useAppSelector(selectCurrentUser)?.rightsObject ?? {};
  const canEdit = hasFull(rights, 'RIGHT_TOOLS_MODELS');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [kindId, setKindId] = useState('');
  const [manufacturerId, setManufacturerId] = useState('');
  const [verified, setVerified] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const filters = useMemo(() => {
    const p: Record<string, string> = {};
    if (text.trim()) p.text = text.trim();
    if (kindId) p.tool_kind_id = kindId;
    if (manufacturerId) p.manufacturer_id = manufacturerId;
    if (verified) p.is_verified = verified;
    return p;
  }, [text, kindId, manufacturerId, verified]);
  const { data, isFetching, isError } = useToolModelsQuery({ ...filters, pageNumber: String(page) });
  const { data: kinds } = useCatalogQuery('tool_kind');
  const { data: manufacturers } = useCatalogQuery('manufacturer');
  const { data: allModels } = useCatalogQuery('tool_model');
  const [remove, { isLoading: removing }] = useDeleteToolModelMutation();
  const [exportModels, { isLoading: exporting }] = useExportToolModelsMutation();
  const kindOf = (id: number) => kinds?.find((k) => k.id === id);
  const kindTraits = (id: number) => {
    const t = kindOf(id)?.traits;
    return Array.isArray(t) ? t.map(Number) : [];
  };
  const kindOptions = (kinds ?? []).map((k) => ({ value: k.id, label: String(k.title) }));
  const makerOptions = manufacturersForKind(kindId ? Number(kindId) : null, allModels ?? [], manufacturers ?? []);
  /** Every filter change starts again at page 1. */
  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  const columns: readonly DataColumn<ToolModelRow>[] = [
    { key: 'kind', header: 'Вид оборудования', cell: (m) => String(kindOf(m.tool_kind_id)?.title ?? '') },
    { key: 'manufacturer', header: 'Производитель', cell: (m) => String(manufacturers?.find((x) => x.id === m.manufacturer_id)?.title ?? '') },
    { key: 'model', header: 'Наименование', cell: (m) => m.model },
    {
      key: 'traits',
      header: 'Характеристики',
      testId: 'model-traits-fill',
      cell: (m) => {
        const fill = traitsFillOf(m, kindTraits(m.tool_kind_id));
        return (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <span>{fill.text}</span>
            {fill.differs && (
              <Tooltip title="Заполнены не все характеристики вида оборудования">
                <WarningIcon color="warning" fontSize="small" aria-label="Заполнены не все характеристики" />
              </Tooltip>
            )}
          </Stack>
        );
      },
    },
    { key: 'files', header: 'Документы / изображения', testId: 'model-files-count', cell: (m) => filesCountOf(m) },
  ];

  return (
    <ListScreen
      title="Модели оборудования"
      count={data ? data.itemsCount : null}
      onAdd={canEdit ? () => setEditing({ model: null }) : null}
      actions={
        <Button size="small" variant="outlined" disabled={exporting} onClick={() => void exportModels(filters)}>
          Экспорт в Excel
        </Button>
      }
      filters={
        <>
          <FilterSelect
            label="Вид оборудования"
            value={kindId}
            options={kindOptions}
            onChange={refilter((v) => {
              setKindId(v);
              setManufacturerId('');
            })}
          />
          <FilterSelect label="Производитель" value={manufacturerId} options={makerOptions} onChange={refilter(setManufacturerId)} minWidth={200} />
          <DebouncedTextField size="small" type="search" label="Наименование" value={text} onChange={refilter(setText)} sx={{ minWidth: 220 }} />
          <FilterSelect label="Проверка" value={verified} options={VERIFIED_OPTIONS} onChange={refilter(setVerified)} minWidth={160} />
        </>
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
      dialogs={editing && <ToolModelDialog key={editing.model?.id ?? 'new'} model={editing.model} canEdit={canEdit} onClose={() => setEditing(null)} />}
    >
      <DataTable
        label="Модели оборудования"
        columns={columns}
        rows={data?.tool_model}
        rowKey={(m) => m.id}
        fetching={isFetching}
        failed={isError}
        onRowClick={(m) => setEditing({ model: m })}
        rowDelete={canEdit ? { titleOf: (m) => m.model, question: (m) => `Удалить запись «${m.model}»?`, remove: (m) => remove(m.id).unwrap(), busy: removing } : null}
      />
    </ListScreen>
  );
};
