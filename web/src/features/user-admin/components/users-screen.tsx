import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
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
import { useState } from 'react';
import { hasFull } from '@domain/rights';
import { ConfirmDialog, DebouncedTextField, TablePager, ListScreenHeader } from '@/components';
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
 * confirmation. Inactive rows are greyed and open read-only; oneself and higher levels too, and
 * their delete button is hidden. The server decides every rule again.
 */
export const UsersScreen = ({ hotline }: UsersScreenProps) => {
  const me = useAppSelector(selectCurrentUser);
  const rights = me?.rightsObject ?? {};
  const canEdit = hotline ? hasFull(rights, 'RIGHT_USERS_HL') : hasFull(rights, 'RIGHT_USERS_LIST');
  const [filter, setFilter] = useState<UsersFilter>({ hotline_worker: hotline, pageNumber: 1 });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const { data, isFetching } = useUsersPageQuery(filter);
  const [remove, { isLoading: removing }] = useDeleteUserMutation();
  const { data: regions = [] } = useCatalogQuery('regions');
  const { data: programs = [] } = useCatalogQuery('programs');
  const { data: organizations = [] } = useOrganizationsQuery();
  const { data: roles = [] } = useAssignableRolesQuery();
  const { data: opened } = useAdminUserQuery(editing?.id ?? 0, { skip: !editing?.id });

  /** Every filter change starts again at page 1 (administration.md 4). */
  const refilter = (patch: Partial<UsersFilter>) => setFilter((f) => ({ ...f, ...patch, pageNumber: 1 }));
  const protectedRow = (u: AdminUser) => u.id === me?.id || u.accessLevel > (me?.accessLevel ?? 0);
  const readOnlyRow = (u: AdminUser) => !canEdit || u.is_inactive || protectedRow(u);
  const orgName = (id: number | null) => organizations.find((o) => o.id === id)?.name ?? '';
  const programTitles = (ids: readonly number[]) =>
    programs.filter((p) => ids.includes(p.id)).map((p) => String(p.title)).join(', ');
  const roleTitles = (ids: readonly number[]) => roles.filter((r) => ids.includes(r.id)).map((r) => r.title).join(', ');

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
    } catch {
      // The red notice is the base query's.
    }
    setDeleting(null);
  };

  const title = hotline ? 'Исполнители Техподдержки' : 'Работники';
  const regionOrganizations = organizations.filter((o) => filter.region_id == null || o.region_id === filter.region_id);
  const columns = hotline ? ['№', 'Исполнитель', 'Телефон', 'Email', 'Программное обеспечение'] : ['№', 'ФИО', 'Организация', 'Роли', 'Последний визит'];
  const page = filter.pageNumber;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListScreenHeader title={title} count={data ? data.itemsCount : null} onAdd={canEdit ? () => setEditing({ id: null }) : null} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="search" aria-label="Фильтр">
          <DebouncedTextField
            size="small"
            label={hotline ? 'Исполнитель' : 'ФИО или логин'}
            value={filter.text ?? ''}
            onChange={(text) => refilter({ text })}
          />
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
              <TextField
                select
                size="small"
                label="Регион"
                sx={{ minWidth: 200 }}
                value={filter.region_id ?? ''}
                onChange={(e) => refilter({ region_id: optionalNumber(e.target.value), organization_id: null })}
              >
                <MenuItem value="">
                  <em>Все</em>
                </MenuItem>
                {regions.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {String(r.title)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label="Организация"
                sx={{ minWidth: 240 }}
                value={filter.organization_id ?? ''}
                onChange={(e) => refilter({ organization_id: optionalNumber(e.target.value) })}
              >
                <MenuItem value="">
                  <em>Все</em>
                </MenuItem>
                {regionOrganizations.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label="Роль"
                sx={{ minWidth: 180 }}
                value={filter.role_id ?? ''}
                onChange={(e) => refilter({ role_id: optionalNumber(e.target.value) })}
              >
                <MenuItem value="">
                  <em>Все</em>
                </MenuItem>
                {roles
                  .filter((r) => !r.role_is_hotline)
                  .map((r) => (
                    <MenuItem key={r.id} value={r.id}>
                      {r.title}
                    </MenuItem>
                  ))}
              </TextField>
            </>
          )}
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c}>{c}</TableCell>
                ))}
                {canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.users ?? []).map((u, i) => (
                <TableRow
                  key={u.id}
                  hover
                  data-inactive={u.is_inactive ? 'true' : undefined}
                  onClick={() => setEditing({ id: u.id })}
                  sx={{ cursor: 'pointer', ...(u.is_inactive ? { '& td': { color: 'text.disabled', textDecoration: 'line-through' } } : {}) }}
                >
                  <TableCell>{(page - 1) * 20 + i + 1}</TableCell>
                  <TableCell>{u.fio}</TableCell>
                  {hotline ? (
                    <>
                      <TableCell>{u.phone ?? ''}</TableCell>
                      <TableCell>{u.email ?? ''}</TableCell>
                      <TableCell>{programTitles(u.users_programs)}</TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell>{orgName(u.organization_id)}</TableCell>
                      <TableCell>{roleTitles(u.users_roles)}</TableCell>
                      <TableCell>{u.last_visit_d ? formatDateTime(u.last_visit_d) : NO_VISIT}</TableCell>
                    </>
                  )}
                  {canEdit && (
                    <TableCell padding="checkbox">
                      {!protectedRow(u) && (
                        <IconButton
                          size="small"
                          aria-label={`Удалить «${u.fio}»`}
                          onClick={(e) => {
                            e.stopPropagation();
                            setDeleting(u);
                          }}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {data && data.users.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} sx={{ color: 'text.secondary' }}>
                    Нет записей
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={(p) => setFilter((f) => ({ ...f, pageNumber: p }))} />}
      </Stack>
      {editing && (editing.id === null || opened?.id === editing.id) && (
        <UserDialog
          key={editing.id ?? 'new'}
          user={editing.id === null ? null : (opened ?? null)}
          hotline={hotline}
          readOnly={editing.id !== null && opened ? readOnlyRow(opened) : !canEdit}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Удалить работника"
        text={deleting ? `Удалить учетную запись «${deleting.fio}»?` : ''}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
};

