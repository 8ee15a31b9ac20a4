import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { auditKinds } from '@domain/audit/summary';
import type { AuditFilterInput } from '@domain/audit/filter';
import { apiErrorText } from '@/lib/api';
import { useAuditQuery, useAuditUsersQuery, useExportAuditMutation } from '../api/audit-api';

interface Form {
  date_from: string;
  date_to: string;
  user_id: string;
  kind: string;
  object_id: string;
  limit: 20 | 50;
}

const emptyForm: Form = { date_from: '', date_to: '', user_id: '', kind: '', object_id: '', limit: 20 };

const filterOf = (f: Form): AuditFilterInput => ({
  ...(f.date_from ? { date_from: f.date_from } : {}),
  ...(f.date_to ? { date_to: f.date_to } : {}),
  ...(f.user_id ? { user_id: Number(f.user_id) } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.object_id.trim() ? { object_id: f.object_id.trim() } : {}),
  limit: f.limit,
});

/**
 * 'Журнал аудита' (issue 17): who did what and when across requests, tools, users, roles and
 * rights; filtered by period, user, object and kind; newest first in keyset pages; the whole
 * filtered trail exported to xlsx (streamed by the server).
 */
export const AuditScreen = () => {
  const [form, setForm] = useState<Form>(emptyForm);
  const [applied, setApplied] = useState<Form>(emptyForm);
  // Cursors of the pages seen so far: 'Назад' returns to the previous one.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const after = cursors[cursors.length - 1];
  const filter = filterOf(applied);
  const { data, error, isFetching } = useAuditQuery({ ...filter, ...(after ? { after } : {}) });
  const users = useAuditUsersQuery().data ?? [];
  const [exportAudit, exporting] = useExportAuditMutation();
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: k === 'limit' ? (Number(e.target.value) as 20 | 50) : e.target.value }));
  const apply = () => {
    setApplied(form);
    setCursors([undefined]);
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        Журнал аудита
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField label="С" type="date" size="small" value={form.date_from} onChange={set('date_from')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label="По" type="date" size="small" value={form.date_to} onChange={set('date_to')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label="Пользователь" select size="small" value={form.user_id} onChange={set('user_id')} sx={{ minWidth: 220 }}>
          <MenuItem value="">Все</MenuItem>
          {users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.fio}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Объект" select size="small" value={form.kind} onChange={set('kind')} sx={{ minWidth: 200 }}>
          <MenuItem value="">Все</MenuItem>
          {Object.entries(auditKinds).map(([k, title]) => (
            <MenuItem key={k} value={k}>
              {title}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Номер объекта" size="small" value={form.object_id} onChange={set('object_id')} />
        <TextField label="Строк на странице" select size="small" value={String(form.limit)} onChange={set('limit')} sx={{ minWidth: 140 }}>
          <MenuItem value="20">20</MenuItem>
          <MenuItem value="50">50</MenuItem>
        </TextField>
        <Button variant="contained" onClick={apply}>
          Применить
        </Button>
        <Button disabled={exporting.isLoading} onClick={() => void exportAudit(filterOf(applied))}>
          Выгрузить в Excel
        </Button>
      </Stack>
      {error ? <Alert severity="error">{apiErrorText(error)}</Alert> : null}
      {exporting.error ? <Alert severity="error">{apiErrorText(exporting.error)}</Alert> : null}
      {isFetching && !data ? <CircularProgress aria-label="Загрузка" /> : null}
      <Table size="small" aria-label="Журнал аудита">
        <TableHead>
          <TableRow>
            <TableCell>Время</TableCell>
            <TableCell>Пользователь</TableCell>
            <TableCell>Объект</TableCell>
            <TableCell>Изменение</TableCell>
            <TableCell>Идентификатор операции</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.audit ?? []).map((r) => (
            <TableRow key={r.position}>
              <TableCell>{dayjs(r.ts).format('DD.MM.YYYY HH:mm:ss')}</TableCell>
              <TableCell>{r.user ?? (r.user_id == null ? 'Система' : r.user_id)}</TableCell>
              <TableCell>
                {r.kind_title} {r.object_id}
              </TableCell>
              <TableCell>{r.summary}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{r.correlation_id ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && data.audit.length === 0 ? <Typography>Записей не найдено</Typography> : null}
      <Stack direction="row" spacing={1}>
        <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Назад
        </Button>
        <Button disabled={!data?.next} onClick={() => data?.next && setCursors((c) => [...c, data.next!])}>
          Далее
        </Button>
      </Stack>
    </Stack>
  );
};
