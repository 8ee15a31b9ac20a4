import DeleteIcon from '@mui/icons-material/Delete';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { ConfirmDialog, DebouncedTextField, TablePager, ListScreenHeader } from '@/components';
import { useCatalogQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteToolModelMutation, useExportToolModelsMutation, useToolModelsQuery, type ToolModelRow } from '../api/tool-model-api';
import { filesCountOf, manufacturersForKind, traitsFillOf } from '../model/model-rows';
import { ToolModelDialog } from './tool-model-dialog';

type Editing = { readonly model: ToolModelRow | null } | null;

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
  const [deleting, setDeleting] = useState<ToolModelRow | null>(null);
  const filters = useMemo(() => {
    const p: Record<string, string> = {};
    if (text.trim()) p.text = text.trim();
    if (kindId) p.tool_kind_id = kindId;
    if (manufacturerId) p.manufacturer_id = manufacturerId;
    if (verified) p.is_verified = verified;
    return p;
  }, [text, kindId, manufacturerId, verified]);
  const { data, isFetching } = useToolModelsQuery({ ...filters, pageNumber: String(page) });
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
  const makerOptions = manufacturersForKind(kindId ? Number(kindId) : null, allModels ?? [], manufacturers ?? []);
  const reset = () => setPage(1);

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
        <ListScreenHeader
          title="Модели оборудования"
          count={data ? data.itemsCount : null}
          onAdd={canEdit ? () => setEditing({ model: null }) : null}
          actions={
            <Button size="small" variant="outlined" disabled={exporting} onClick={() => void exportModels(filters)}>
              Экспорт в Excel
            </Button>
          }
        />
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <TextField select size="small" label="Вид оборудования" value={kindId} onChange={(e) => { setKindId(e.target.value); setManufacturerId(''); reset(); }} sx={{ minWidth: 220 }}>
            <MenuItem value="">Все</MenuItem>
            {(kinds ?? []).map((k) => (
              <MenuItem key={k.id} value={String(k.id)}>
                {String(k.title)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Производитель" value={manufacturerId} onChange={(e) => { setManufacturerId(e.target.value); reset(); }} sx={{ minWidth: 200 }}>
            <MenuItem value="">Все</MenuItem>
            {makerOptions.map((m) => (
              <MenuItem key={m.value} value={String(m.value)}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          <DebouncedTextField size="small" type="search" label="Наименование" value={text} onChange={(v) => { setText(v); reset(); }} sx={{ minWidth: 220 }} />
          <TextField select size="small" label="Проверка" value={verified} onChange={(e) => { setVerified(e.target.value); reset(); }} sx={{ minWidth: 160 }}>
            <MenuItem value="">Все</MenuItem>
            <MenuItem value="true">Проверена</MenuItem>
            <MenuItem value="false">Не проверена</MenuItem>
          </TextField>
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Модели оборудования">
            <TableHead>
              <TableRow>
                <TableCell>Вид оборудования</TableCell>
                <TableCell>Производитель</TableCell>
                <TableCell>Наименование</TableCell>
                <TableCell>Характеристики</TableCell>
                <TableCell>Документы / изображения</TableCell>
                {canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.tool_model ?? []).map((m) => {
                const fill = traitsFillOf(m, kindTraits(m.tool_kind_id));
                return (
                  <TableRow key={m.id} hover onClick={() => setEditing({ model: m })} sx={{ cursor: 'pointer' }}>
                    <TableCell>{String(kindOf(m.tool_kind_id)?.title ?? '')}</TableCell>
                    <TableCell>{String(manufacturers?.find((x) => x.id === m.manufacturer_id)?.title ?? '')}</TableCell>
                    <TableCell>{m.model}</TableCell>
                    <TableCell data-testid="model-traits-fill">
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <span>{fill.text}</span>
                        {fill.differs && (
                          <Tooltip title="Заполнены не все характеристики вида оборудования">
                            <WarningIcon color="warning" fontSize="small" aria-label="Заполнены не все характеристики" />
                          </Tooltip>
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell data-testid="model-files-count">{filesCountOf(m)}</TableCell>
                    {canEdit && (
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={`Удалить «${m.model}»`}
                          onClick={(e) => {
                            e.stopPropagation();
                            setDeleting(m);
                          }}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
              {data && data.tool_model.length === 0 && (
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
      {editing && <ToolModelDialog key={editing.model?.id ?? 'new'} model={editing.model} canEdit={canEdit} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        text={deleting ? `Удалить запись «${deleting.model}»?` : ''}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
};
