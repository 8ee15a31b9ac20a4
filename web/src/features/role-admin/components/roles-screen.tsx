import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDelete, ListScreen } from '@/components';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useDeleteRoleMutation, useRolesQuery, useSaveRoleMutation, type RoleRow } from '../api/roles-api';
import { accessLevelOptions, rightsGroups } from '../model/rights-groups';
import { RightCell } from './right-cell';
import { RoleDialog } from './role-dialog';

const FIRST_COLUMN_PX = 280;
// Wide enough for the longest access level ('Свои объекты') in its field.
const ROLE_COLUMN_PX = 190;
// The first column stays in place while the roles scroll sideways; the header row while the rights scroll.
const stickyLeft = { position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper', minWidth: FIRST_COLUMN_PX, maxWidth: FIRST_COLUMN_PX } as const;

type Editing = { readonly role: RoleRow | null } | null;

/**
 * Roles and rights (administration.md 2.7): roles as columns, rights as rows grouped by category
 * (groups collapse), a checkbox or a radio group per cell saved at once, each role's access level
 * limited to levels not above one's own, the role menu Изменить / Удалить and the round add button.
 */
export const RolesScreen = () => {
  const ownLevel = useAppSelector(selectCurrentUser)?.accessLevel ?? 1;
  const { data: roles, isFetching } = useRolesQuery();
  const [save, { isLoading: saving }] = useSaveRoleMutation();
  const [remove, { isLoading: removing }] = useDeleteRoleMutation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [menu, setMenu] = useState<{ readonly anchor: HTMLElement; readonly role: RoleRow } | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);

  // The cells get one stable callback; it reads the current roles through a ref.
  const rolesRef = useRef<readonly RoleRow[]>([]);
  useEffect(() => {
    rolesRef.current = roles ?? [];
  }, [roles]);
  const changeRight = useCallback(
    (roleId: number, key: string, value: number) => {
      const role = rolesRef.current.find((r) => r.id === roleId);
      if (!role) return;
      void save({ id: roleId, role: { rightsObject: { ...role.rightsObject, [key]: value } } })
        .unwrap()
        .catch(() => undefined); // the red notice is the base query's
    },
    [save],
  );

  const toggle = (category: string) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });

  const list = roles ?? [];
  return (
    <ListScreen
      title="Роли и права"
      count={roles ? `Ролей: ${roles.length}` : null}
      actions={
        <Tooltip title="Добавить роль" enterDelay={TOOLTIP_DELAY_MS}>
          {/* A span: a disabled button gives the tooltip no events. */}
          <span>
            <Fab
              color="primary"
              size="small"
              aria-label="Добавить роль"
              // A new role's order follows the last one: wait for the list before offering it.
              disabled={roles === undefined}
              onClick={() => setEditing({ role: null })}
            >
              <AddIcon />
            </Fab>
          </span>
        </Tooltip>
      }
      dialogs={
        <>
          <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setEditing({ role: menu?.role ?? null });
                setMenu(null);
              }}
            >
              Изменить
            </MenuItem>
            <MenuItem
              onClick={() => {
                setDeleting(menu?.role ?? null);
                setMenu(null);
              }}
            >
              Удалить
            </MenuItem>
          </Menu>
          {editing && (
            <RoleDialog
              key={editing.role?.id ?? 'new'}
              role={editing.role}
              ownLevel={ownLevel}
              nextOrder={Math.max(0, ...list.map((r) => r.role_order)) + 1}
              onClose={() => setEditing(null)}
            />
          )}
          <ConfirmDelete row={deleting} question={(r) => `Удалить роль «${r.title}»?`} remove={(r) => remove(r.id).unwrap()} busy={removing} onClose={() => setDeleting(null)} />
        </>
      }
    >
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 'calc(100vh - 190px)' }}>
        {(isFetching || saving) && <LinearProgress aria-label="Загрузка" />}
        <Table size="small" stickyHeader aria-label="Роли и права" sx={{ tableLayout: 'fixed', width: FIRST_COLUMN_PX + ROLE_COLUMN_PX * list.length }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...stickyLeft, zIndex: 3, verticalAlign: 'bottom' }}>Право</TableCell>
              {list.map((role) => (
                <TableCell key={role.id} sx={{ width: ROLE_COLUMN_PX, verticalAlign: 'top' }} data-testid={`role-column-${role.id}`}>
                  <Stack spacing={0.75}>
                    <Button
                      size="small"
                      aria-haspopup="menu"
                      aria-label={`Роль «${role.title}»`}
                      onClick={(e) => setMenu({ anchor: e.currentTarget, role })}
                      sx={{ justifyContent: 'flex-start', textTransform: 'none', fontWeight: 600, textAlign: 'left', p: 0.25 }}
                    >
                      {role.title}
                    </Button>
                    <TextField
                      select
                      size="small"
                      label="Уровень доступа"
                      value={String(role.access_level)}
                      disabled={saving}
                      onChange={(e) => void save({ id: role.id, role: { access_level: Number(e.target.value) } }).unwrap().catch(() => undefined)}
                      slotProps={{ htmlInput: { 'aria-label': `Уровень доступа: ${role.title}` } }}
                    >
                      {accessLevelOptions(ownLevel).map((o) => (
                        <MenuItem key={o.value} value={String(o.value)}>
                          {o.label}
                        </MenuItem>
                      ))}
                    </TextField>
                    {role.role_is_hotline && <Chip size="small" label="Роль для ГЛ" sx={{ alignSelf: 'flex-start' }} />}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rightsGroups.map((group) => {
              const open = !collapsed.has(group.category);
              return (
                <Fragment key={group.category}>
                  <TableRow sx={{ bgcolor: 'action.hover' }}>
                    <TableCell sx={{ ...stickyLeft, bgcolor: 'grey.100', fontWeight: 600 }}>
                      <IconButton size="small" aria-expanded={open} aria-label={`Группа «${group.category}»`} onClick={() => toggle(group.category)} sx={{ mr: 0.5 }}>
                        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                      </IconButton>
                      {group.category} ({group.rights.length})
                    </TableCell>
                    {list.length > 0 && <TableCell colSpan={list.length} sx={{ bgcolor: 'grey.100' }} />}
                  </TableRow>
                  {open &&
                    group.rights.map((right) => (
                      <TableRow key={right.key} hover>
                        <TableCell component="th" scope="row" sx={stickyLeft}>
                          {right.title}
                        </TableCell>
                        {list.map((role) => (
                          <RightCell
                            key={role.id}
                            right={right}
                            roleId={role.id}
                            roleTitle={role.title}
                            value={role.rightsObject[right.key] ?? 0}
                            disabled={saving}
                            onChange={changeRight}
                          />
                        ))}
                      </TableRow>
                    ))}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </ListScreen>
  );
};
