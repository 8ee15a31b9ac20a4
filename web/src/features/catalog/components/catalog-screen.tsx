import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo, useState } from 'react';
import type { CatalogName } from '@domain/catalog/definitions';
import { deleteQuestionOf } from '@domain/catalog/screens';
import { ConfirmDialog, TablePager, ListScreenHeader } from '@/components';
import { useCatalogPageQuery, useDeleteCatalogItemMutation, type CatalogRow } from '../api/catalog-api';
import { useCatalogRights } from '../hooks/use-catalog-rights';
import { referencesOf, useReferenceTitles } from '../hooks/use-reference-options';
import { catalogScreenOf } from '../model/catalog-screens';
import { cellText, initialListState, listParamsOf, type CatalogListState } from '../model/catalog-values';
import { CatalogFilters } from './catalog-filters';
import { CatalogItemDialog } from './catalog-item-dialog';

/** The open dialog: a new item, an existing one, or none. */
type Editing = { readonly item: CatalogRow | null } | null;

/**
 * THE generic reference screen (administration.md 2.10, equipment.md 2): title and count, the
 * text and exact filters, the list of the screen's columns (20 a page, at most 8 page buttons),
 * the round add button, the edit dialog on a row click and delete with a confirmation. Everything
 * comes from the catalogue's screen metadata and definition; the server decides every rule.
 */
export const CatalogScreen = ({ name }: { readonly name: CatalogName }) => {
  const view = catalogScreenOf(name);
  const rights = useCatalogRights(view);
  const [state, setState] = useState<CatalogListState>(initialListState);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CatalogRow | null>(null);
  const params = useMemo(() => listParamsOf(state), [state]);
  const { data, isFetching } = useCatalogPageQuery({ name, params });
  const [remove, { isLoading: removing }] = useDeleteCatalogItemMutation();
  const references = useMemo(() => referencesOf(view.columns), [view]);
  const titles = useReferenceTitles(references);
  const titleOf = (row: CatalogRow) => {
    const value = row[view.definition.titleField];
    return typeof value === 'string' ? value : String(row.id);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ name, id: deleting.id }).unwrap();
    } catch {
      // The red notice is the base query's; the row stays.
    }
    setDeleting(null);
  };

  const setPage = (page: number) => setState((s) => ({ ...s, page }));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListScreenHeader title={view.title} count={data ? data.itemsCount : null} onAdd={rights.canEdit ? () => setEditing({ item: null }) : null} />
        <CatalogFilters
          view={view}
          text={state.text}
          filters={state.filters}
          onText={(text) => setState((s) => ({ ...s, text, page: 1 }))}
          onFilter={(field, value) => setState((s) => ({ ...s, filters: { ...s.filters, [field]: value }, page: 1 }))}
        />
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label={view.title}>
            <TableHead>
              <TableRow>
                {view.columns.map((c) => (
                  <TableCell key={c.field}>{c.label}</TableCell>
                ))}
                {rights.canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.items ?? []).map((row) => (
                <TableRow key={row.id} hover onClick={() => setEditing({ item: row })} sx={{ cursor: 'pointer' }}>
                  {view.columns.map((c) => (
                    <TableCell key={c.field} sx={{ whiteSpace: 'pre-line' }}>
                      {cellText(c, row[c.field], titles)}
                    </TableCell>
                  ))}
                  {rights.canEdit && (
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={`Удалить «${titleOf(row)}»`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setDeleting(row);
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {data && data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={view.columns.length + 1} sx={{ color: 'text.secondary' }}>
                    Нет записей
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={state.page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
      {editing && <CatalogItemDialog key={editing.item?.id ?? 'new'} view={view} item={editing.item} rights={rights} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        text={deleting ? deleteQuestionOf(name, titleOf(deleting)) : ''}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
};
