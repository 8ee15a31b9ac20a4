import DeleteIcon from '@mui/icons-material/Delete';
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
import { useCallback, useMemo, useState } from 'react';
import { hasFull } from '@domain/rights';
import { ConfirmDialog, DebouncedTextField, TablePager, ListScreenHeader } from '@/components';
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
  const [deleting, setDeleting] = useState<OrganizationRow | null>(null);
  const { data: regions } = useCatalogQuery('regions');
  const { data: organizations } = useOrganizationsQuery();
  const [remove, { isLoading: removing }] = useDeleteOrganizationMutation();

  const params = useMemo(() => {
    const p: Record<string, string> = { pageNumber: String(page) };
    for (const [k, v] of Object.entries(filter)) if (v !== '') p[k] = v;
    if (hostMode) p.is_host = 'true';
    return p;
  }, [filter, page, hostMode]);
  const { data, isFetching } = useOrganizationPageQuery(params);

  const regionTitle = useMemo(() => new Map((regions ?? []).map((r) => [r.id, String(r.title ?? '')])), [regions]);
  const orgName = useMemo(() => new Map((organizations ?? []).map((o) => [o.id, o.name])), [organizations]);
  const hosts = (organizations ?? []).filter((o) => o.is_host === true && (filter.region_id === '' || String(o.region_id) === filter.region_id));

  const changeFilter = (field: keyof Filter, value: string) => {
    setFilter((f) => ({ ...f, [field]: value, ...(field === 'region_id' ? { host_id: '' } : {}) }));
    setPage(1);
  };
  const onPageChange = useCallback((p: number) => setPage(p), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove(deleting.id)
      .unwrap()
      .catch(() => undefined); // the red notice is the base query's
    setDeleting(null);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <ListScreenHeader title={title} count={data ? data.itemsCount : null} onAdd={canEdit ? () => setEditing({ organization: null }) : null} />
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <TextField select size="small" label="Регион" value={filter.region_id} onChange={(e) => changeFilter('region_id', e.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="">
              <em>Все</em>
            </MenuItem>
            {(regions ?? []).map((r) => (
              <MenuItem key={r.id} value={String(r.id)}>
                {String(r.title ?? r.id)}
              </MenuItem>
            ))}
          </TextField>
          {!hostMode && (
            <TextField select size="small" label="Балансодержатель" value={filter.host_id} onChange={(e) => changeFilter('host_id', e.target.value)} sx={{ minWidth: 240 }}>
              <MenuItem value="">
                <em>Все</em>
              </MenuItem>
              {hosts.map((h) => (
                <MenuItem key={h.id} value={String(h.id)}>
                  {h.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <DebouncedTextField size="small" type="search" label="Наименование" value={filter.name} onChange={(v) => changeFilter('name', v)} />
          <DebouncedTextField size="small" type="search" label="VNCODE" value={filter.vncode} onChange={(v) => changeFilter('vncode', v)} />
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Наименование</TableCell>
                <TableCell>VNCODE</TableCell>
                <TableCell>Регион</TableCell>
                {!hostMode && <TableCell>Балансодержатель</TableCell>}
                <TableCell>Здания</TableCell>
                {canEdit && <TableCell padding="checkbox" aria-label="Действия" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.items ?? []).map((o) => (
                <TableRow key={o.id} hover onClick={() => setEditing({ organization: o })} sx={{ cursor: 'pointer' }}>
                  <TableCell>{o.name}</TableCell>
                  <TableCell>{o.vncode}</TableCell>
                  <TableCell>{regionTitle.get(o.region_id) ?? ''}</TableCell>
                  {!hostMode && <TableCell>{o.is_host ? 'Балансодержатель' : o.host_id ? (orgName.get(o.host_id) ?? '') : ''}</TableCell>}
                  <TableCell>{o.units.map((u) => u.name).join(', ')}</TableCell>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={`Удалить «${o.name}»`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setDeleting(o);
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
                  <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
                    Нет записей
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={onPageChange} />}
      </Stack>
      {editing && (
        <OrganizationDialog key={editing.organization?.id ?? 'new'} organization={editing.organization} hostMode={hostMode} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        text={deleting ? deleteOrganizationQuestion(deleting.name) : ''}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
};
