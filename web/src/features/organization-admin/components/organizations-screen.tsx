import { useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { DataTable, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { useCatalogQuery, useOrganizationsQuery } from '@/lib/references';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteOrganizationMutation, useOrganizationPageQuery, type OrganizationRow } from '../api/organizations-api';
import { deleteOrganizationQuestion } from '../model/organization-form';
import { OrganizationDialog } from './organization-dialog';

interface Filter {
  readonly region_id: string;
  readonly host_id: string;
  readonly name: string;
  readonly vncode: string;
}

const noFilter: Filter = { region_id: '', host_id: '', name: '', vncode: '' };

type Editing = { readonly organization: OrganizationRow | null } | null;

/**
 * Organisations (/organizations) and, in host mode, balance holders (/hosts, 'Балансодержатели'):
 * 20 a page, filters by region, host, name and vncode (any change goes back to page 1), the
 * dialog on a row click, delete with the question of administration.md 2.8.
 */
export const OrganizationsScreen = ({ hostMode }: { readonly hostMode: boolean }) => {
  const title = hostMode ? 'Балансодержатели' : 'Организации';
  const canEdit = hasFull(useAppSelector(selectRights), 'RIGHT_ORGANIZATIONS');
  const [filter, setFilter] = useState<Filter>(noFilter);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const { data: regions } = useCatalogQuery('regions');
  const { data: organizations } = useOrganizationsQuery();
  const [remove, { isLoading: removing }] = useDeleteOrganizationMutation();

  const params = useMemo(() => {
    const p: Record<string, string> = { pageNumber: String(page) };
    for (const [k, v] of Object.entries(filter)) if (v !== '') p[k] = v;
    if (hostMode) p.is_host = 'true';
    return p;
  }, [filter, page, hostMode]);
  const { data, isFetching, isError } = useOrganizationPageQuery(params);

  const regionTitle = useMemo(() => new Map((regions ?? []).map((r) => [r.id, String(r.title ?? '')])), [regions]);
  const orgName = useMemo(() => new Map((organizations ?? []).map((o) => [o.id, o.name])), [organizations]);
  const hosts = (organizations ?? [])
    .filter((o) => o.is_host === true && (filter.region_id === '' || String(o.region_id) === filter.region_id))
    .map((h) => ({ value: h.id, label: h.name }));
  const regionOptions = (regions ?? []).map((r) => ({ value: r.id, label: String(r.title ?? r.id) }));

  const changeFilter = (field: keyof Filter, value: string) => {
    setFilter((f) => ({ ...f, [field]: value, ...(field === 'region_id' ? { host_id: '' } : {}) }));
    setPage(1);
  };

  const columns: readonly DataColumn<OrganizationRow>[] = [
    { key: 'name', header: 'Наименование', cell: (o) => o.name },
    { key: 'vncode', header: 'VNCODE', cell: (o) => o.vncode },
    { key: 'region', header: 'Регион', cell: (o) => regionTitle.get(o.region_id) ?? '' },
    ...(hostMode
      ? []
      : [{ key: 'host', header: 'Балансодержатель', cell: (o: OrganizationRow) => (o.is_host ? 'Балансодержатель' : o.host_id ? (orgName.get(o.host_id) ?? '') : '') }]),
    { key: 'units', header: 'Здания', cell: (o) => o.units.map((u) => u.name).join(', ') },
  ];

  return (
    <ListScreen
      title={title}
      count={data ? data.itemsCount : null}
      onAdd={canEdit ? () => setEditing({ organization: null }) : null}
      filters={
        <>
          <FilterSelect label="Регион" value={filter.region_id} options={regionOptions} onChange={(v) => changeFilter('region_id', v)} minWidth={200} />
          {!hostMode && <FilterSelect label="Балансодержатель" value={filter.host_id} options={hosts} onChange={(v) => changeFilter('host_id', v)} minWidth={240} />}
          <DebouncedTextField size="small" type="search" label="Наименование" value={filter.name} onChange={(v) => changeFilter('name', v)} />
          <DebouncedTextField size="small" type="search" label="VNCODE" value={filter.vncode} onChange={(v) => changeFilter('vncode', v)} />
        </>
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
      dialogs={
        editing && <OrganizationDialog key={editing.organization?.id ?? 'new'} organization={editing.organization} hostMode={hostMode} onClose={() => setEditing(null)} />
      }
    >
      <DataTable
        label={title}
        columns={columns}
        rows={data?.items}
        rowKey={(o) => o.id}
        fetching={isFetching}
        failed={isError}
        onRowClick={(o) => setEditing({ organization: o })}
        rowDelete={canEdit ? { titleOf: (o) => o.name, question: (o) => deleteOrganizationQuestion(o.name), remove: (o) => remove(o.id).unwrap(), busy: removing } : null}
      />
    </ListScreen>
  );
};
