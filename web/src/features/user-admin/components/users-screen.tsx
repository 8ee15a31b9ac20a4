import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { hasFull } from '@domain/rights';
import { DataTable, DebouncedTextField, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { useCatalogQuery, useOrganizationsQuery } from '@/lib/references';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import { useAdminUserQuery, useAssignableRolesQuery, useDeleteUserMutation, useUsersPageQuery, type AdminUser, type UsersFilter } from '../api/users-api';
import { NO_VISIT } from '../model/user-form';
import { UserDialog } from './user-dialog';

type Editing = { readonly id: number | null } | null;

export interface UsersScreenProps {
  /** /users-hotline: the hot line executors (administration.md 2.6). */
  readonly hotline: boolean;
}

const optionalNumber = (v: string): number | null => (v === '' ? null : Number(v));

/**
 * /users 'Работники' and /users-hotline 'Исполнители Техподдержки' (administration.md 2.6): the
 * filter, 20 rows a page with at most 8 page buttons, add, edit by a row click, delete with a
 * confirmation. Every account of the viewer's scope is listed, higher levels too; the server marks
 * each row `editable` and `deletable` (oneself, inactive and higher-level accounts open read-only
 * with 'Закрыть'; oneself and higher levels show no delete button) and judges every save again.
 */
export const UsersScreen = ({ hotline }: UsersScreenProps) => {
  const me = useAppSelector(selectCurrentUser);
  const rights = me?.rightsObject ?? {};
  const canEdit = hotline ? hasFull(rights, 'RIGHT_USERS_HL') : hasFull(rights, 'RIGHT_USERS_LIST');
  const [filter, setFilter] = useState<UsersFilter>({ hotline_worker: hotline, pageNumber: 1 });
  const [editing, setEditing] = useState<Editing>(null);
  const { data, isFetching, isError } = useUsersPageQuery(filter);
  const [remove, { isLoading: removing }] = useDeleteUserMutation();
  const { data: regions = [] } = useCatalogQuery('regions');
  const { data: programs = [] } = useCatalogQuery('programs');
  const { data: organizations = [] } = useOrganizationsQuery();
  const { data: roles = [] } = useAssignableRolesQuery();
  const { data: opened } = useAdminUserQuery(editing?.id ?? 0, { skip: !editing?.id });

  /** Every filter change starts again at page 1 (administration.md 4). */
  const refilter = (patch: Partial<UsersFilter>) => setFilter((f) => ({ ...f, ...patch, pageNumber: 1 }));
  const orgName = (id: number | null) => organizations.find((o) => o.id === id)?.name ?? '';
  const programTitles = (ids: readonly number[]) =>
    programs.filter((p) => ids.includes(p.id)).map((p) => String(p.title)).join(', ');

  const title = hotline ? 'Исполнители Техподдержки' : 'Работники';
  const regionOrganizations = organizations.filter((o) => filter.region_id == null || o.region_id === filter.region_id);
  const regionOptions = regions.map((r) => ({ value: r.id, label: String(r.title) }));
  const organizationOptions = regionOrganizations.map((o) => ({ value: o.id, label: o.name }));
  const roleOptions = roles.filter((r) => !r.role_is_hotline).map((r) => ({ value: r.id, label: r.title }));
  const page = filter.pageNumber;
  const columns: readonly DataColumn<AdminUser>[] = [
    { key: 'number', header: '№', cell: (_u, i) => (page - 1) * 20 + i + 1 },
    { key: 'fio', header: hotline ? 'Исполнитель' : 'ФИО', cell: (u) => u.fio },
    ...(hotline
      ? [
          { key: 'phone', header: 'Телефон', cell: (u: AdminUser) => u.phone ?? '' },
          { key: 'email', header: 'Email', cell: (u: AdminUser) => u.email ?? '' },
          { key: 'programs', header: 'Программное обеспечение', cell: (u: AdminUser) => programTitles(u.users_programs) },
        ]
      : [
          { key: 'organization', header: 'Организация', cell: (u: AdminUser) => orgName(u.organization_id) },
          { key: 'roles', header: 'Роли', cell: (u: AdminUser) => u.held_roles.map((r) => r.title).join(', ') },
          { key: 'visit', header: 'Последний визит', cell: (u: AdminUser) => (u.last_visit_d ? formatDateTime(u.last_visit_d) : NO_VISIT) },
        ]),
  ];
  return (
    <ListScreen
      title={title}
      count={data ? data.itemsCount : null}
      onAdd={canEdit ? () => setEditing({ id: null }) : null}
      filters={
        <>
          <DebouncedTextField size="small" label={hotline ? 'Исполнитель' : 'ФИО или логин'} value={filter.text ?? ''} onChange={(text) => refilter({ text })} />
          {hotline ? (
            <>
              <DebouncedTextField size="small" label="Телефон" value={filter.phone ?? ''} onChange={(phone) => refilter({ phone })} />
              <DebouncedTextField size="small" label="Email" value={filter.email ?? ''} onChange={(email) => refilter({ email })} />
              <Autocomplete
                multiple
                size="small"
                sx={{ minWidth: 260 }}
                options={programs}
                value={programs.filter((p) => (filter.programs ?? []).includes(p.id))}
                getOptionLabel={(p) => String(p.title)}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_e, picked) => refilter({ programs: picked.map((p) => p.id) })}
                renderInput={(params) => <TextField {...params} label="Программное обеспечение" />}
              />
            </>
          ) : (
            <>
              <FilterSelect
                label="Регион"
                value={String(filter.region_id ?? '')}
                options={regionOptions}
                onChange={(v) => refilter({ region_id: optionalNumber(v), organization_id: null })}
                minWidth={200}
              />
              <FilterSelect
                label="Организация"
                value={String(filter.organization_id ?? '')}
                options={organizationOptions}
                onChange={(v) => refilter({ organization_id: optionalNumber(v) })}
                minWidth={240}
              />
              <FilterSelect label="Роль" value={String(filter.role_id ?? '')} options={roleOptions} onChange={(v) => refilter({ role_id: optionalNumber(v) })} minWidth={180} />
            </>
          )}
        </>
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: (p) => setFilter((f) => ({ ...f, pageNumber: p })) } : null}
      dialogs={
        editing &&
        (editing.id === null || opened?.id === editing.id) && (
          <UserDialog
            key={editing.id ?? 'new'}
            user={editing.id === null ? null : (opened ?? null)}
            hotline={hotline}
            readOnly={editing.id !== null && opened ? !opened.editable : !canEdit}
            onClose={() => setEditing(null)}
          />
        )
      }
    >
      <DataTable
        label={title}
        columns={columns}
        rows={data?.users}
        rowKey={(u) => u.id}
        fetching={isFetching}
        failed={isError}
        onRowClick={(u) => setEditing({ id: u.id })}
        inactive={(u) => u.is_inactive}
        rowDelete={
          canEdit
            ? {
                titleOf: (u) => u.fio,
                shown: (u) => u.deletable,
                title: 'Удалить работника',
                question: (u) => `Удалить учетную запись «${u.fio}»?`,
                remove: (u) => remove(u.id).unwrap(),
                busy: removing,
              }
            : null
        }
      />
    </ListScreen>
  );
};
