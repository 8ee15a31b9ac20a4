import { useMemo, useState } from 'react';
import type { CatalogName } from '@domain/catalog/definitions';
import { deleteQuestionOf } from '@domain/catalog/screens';
import { DataTable, ListScreen, type DataColumn } from '@/components';
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
  const params = useMemo(() => listParamsOf(state), [state]);
  const { data, isFetching, isError } = useCatalogPageQuery({ name, params });
  const [remove, { isLoading: removing }] = useDeleteCatalogItemMutation();
  const references = useMemo(() => referencesOf(view.columns), [view]);
  const titles = useReferenceTitles(references);
  const titleOf = (row: CatalogRow) => {
    const value = row[view.definition.titleField];
    return typeof value === 'string' ? value : String(row.id);
  };
  const columns = view.columns.map(
    (c): DataColumn<CatalogRow> => ({ key: c.field, header: c.label, sx: { whiteSpace: 'pre-line' }, cell: (row) => cellText(c, row[c.field], titles) }),
  );

  return (
    <ListScreen
      title={view.title}
      count={data ? data.itemsCount : null}
      onAdd={rights.canEdit ? () => setEditing({ item: null }) : null}
      filters={
        <CatalogFilters
          view={view}
          text={state.text}
          filters={state.filters}
          onText={(text) => setState((s) => ({ ...s, text, page: 1 }))}
          onFilter={(field, value) => setState((s) => ({ ...s, filters: { ...s.filters, [field]: value }, page: 1 }))}
        />
      }
      pager={data ? { page: state.page, pagesCount: data.pagesCount, onPageChange: (page) => setState((s) => ({ ...s, page })) } : null}
      dialogs={editing && <CatalogItemDialog key={editing.item?.id ?? 'new'} view={view} item={editing.item} rights={rights} onClose={() => setEditing(null)} />}
    >
      <DataTable
        label={view.title}
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.id}
        fetching={isFetching}
        failed={isError}
        onRowClick={(row) => setEditing({ item: row })}
        rowDelete={
          rights.canEdit
            ? { titleOf, question: (row) => deleteQuestionOf(name, titleOf(row)), remove: (row) => remove({ name, id: row.id }).unwrap(), busy: removing }
            : null
        }
      />
    </ListScreen>
  );
};
