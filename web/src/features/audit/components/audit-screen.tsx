import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import { auditKinds } from '@domain/audit/summary';
import type { AuditFilterInput } from '@domain/audit/filter';
import { DataTable, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { apiErrorText } from '@/lib/api';
import { useAuditQuery, useAuditUsersQuery, useExportAuditMutation, type AuditEntry } from '../api/audit-api';

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

const kindOptions = Object.entries(auditKinds).map(([value, label]) => ({ value, label }));

const columns: readonly DataColumn<AuditEntry>[] = [
  { key: 'ts', header: 'Время', cell: (r) => dayjs(r.ts).format('DD.MM.YYYY HH:mm:ss') },
  { key: 'user', header: 'Пользователь', cell: (r) => r.user ?? (r.user_id == null ? 'Система' : r.user_id) },
  { key: 'object', header: 'Объект', cell: (r) => `${r.kind_title} ${r.object_id}` },
  { key: 'summary', header: 'Изменение', cell: (r) => r.summary },
  { key: 'operation', header: 'Идентификатор операции', sx: { fontFamily: 'monospace', fontSize: 12 }, cell: (r) => r.correlation_id ?? '' },
];

/**
 * 'Журнал аудита' (decisions 97–99): who did what and when across requests, tools, users, roles and
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
  const set = (k: keyof Form) => (value: string) => setForm((f) => ({ ...f, [k]: k === 'limit' ? (Number(value) as 20 | 50) : value }));
  const input = (k: keyof Form) => (e: { target: { value: string } }) => set(k)(e.target.value);
  const apply = () => {
    setApplied(form);
    setCursors([undefined]);
  };
  return (
    <ListScreen
      title="Журнал аудита"
      actions={
        <Button disabled={exporting.isLoading} onClick={() => void exportAudit(filterOf(applied))}>
          Выгрузить в Excel
        </Button>
      }
      filters={
        <>
          <TextField label="С" type="date" size="small" value={form.date_from} onChange={input('date_from')} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label="По" type="date" size="small" value={form.date_to} onChange={input('date_to')} slotProps={{ inputLabel: { shrink: true } }} />
          <FilterSelect label="Пользователь" value={form.user_id} options={users.map((u) => ({ value: u.id, label: u.fio }))} onChange={set('user_id')} />
          <FilterSelect label="Объект" value={form.kind} options={kindOptions} onChange={set('kind')} minWidth={200} />
          <TextField label="Номер объекта" size="small" value={form.object_id} onChange={input('object_id')} />
          <TextField label="Строк на странице" select size="small" value={String(form.limit)} onChange={input('limit')} sx={{ minWidth: 140 }}>
            <MenuItem value="20">20</MenuItem>
            <MenuItem value="50">50</MenuItem>
          </TextField>
          <Button variant="contained" onClick={apply}>
            Применить
          </Button>
        </>
      }
    >
      {error ? <Alert severity="error">{apiErrorText(error)}</Alert> : null}
      {exporting.error ? <Alert severity="error">{apiErrorText(exporting.error)}</Alert> : null}
      <DataTable label="Журнал аудита" columns={columns} rows={data?.audit} rowKey={(r) => r.position} fetching={isFetching} empty="Записей не найдено" />
      <Stack direction="row" spacing={1}>
        <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Назад
        </Button>
        <Button disabled={!data?.next} onClick={() => data?.next && setCursors((c) => [...c, data.next!])}>
          Далее
        </Button>
      </Stack>
    </ListScreen>
  );
};
