import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate } from '@domain/shared/dates';
import { toolMovingSchema } from '@domain/tool/schemas';
import { DateInput } from '@/components';
import { EditableRowsTable, useFieldEdit } from '@/components/form';
import type { FormMoving, ToolFormValues } from '../../model/form-values';
import { movingEventTitle, toolMovingEvents } from '../../model/moving-events';
import { localToday } from '../../model/validation';
import { EntryDialog, issuesByField } from './entry-dialog';

interface Draft {
  date_time: string | null;
  event_id: string;
  comment: string;
}

const empty = (): Draft => ({ date_time: localToday(), event_id: '', comment: '' });

/** 'Перемещение': the movement entries and the dialog adding one (date, event, comment). */
export const MovingsTab = () => {
  const { control } = useFormContext<ToolFormValues>();
  const rows = useWatch({ control, name: 'tool_movings' });
  const { editable, change } = useFieldEdit('tool_movings');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setDraft(null);
    setErrors({});
  };
  const add = () => {
    if (!draft) return;
    const parsed = toolMovingSchema.safeParse({ date_time: draft.date_time, event_id: draft.event_id === '' ? null : Number(draft.event_id), comment: draft.comment.trim() || null });
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    const entry: FormMoving = { ...parsed.data, event_title: movingEventTitle(parsed.data.event_id) };
    change([...rows, entry]);
    close();
  };
  return (
    <EditableRowsTable
      title="Перемещение"
      rows={rows}
      rowKey={(_r, i) => i}
      columns={[
        { header: 'Дата', width: 140, cell: (r) => formatDate(r.date_time) },
        { header: 'Событие', width: 320, cell: (r) => movingEventTitle(r.event_id, r.event_title) },
        { header: 'Комментарий', cell: (r) => r.comment ?? '' },
      ]}
      editable={editable}
      deleteLabel="Удалить перемещение"
      onDelete={(i) => change(rows.filter((_r, j) => j !== i))}
      addLabel="Добавить перемещение"
      onAdd={() => setDraft(empty())}
    >
      <EntryDialog open={draft !== null} title="Перемещение оборудования" onAdd={add} onCancel={close}>
        {draft && (
          <>
            <DateInput label="Дата" value={draft.date_time} onChange={(v) => setDraft({ ...draft, date_time: v })} error={errors.date_time} required fullWidth />
            <TextField select label="Событие" value={draft.event_id} onChange={(e) => setDraft({ ...draft, event_id: e.target.value })} error={Boolean(errors.event_id)} helperText={errors.event_id} required fullWidth>
              {toolMovingEvents.map((e) => (
                <MenuItem key={e.id} value={String(e.id)}>
                  {e.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Комментарий" value={draft.comment} onChange={(e) => setDraft({ ...draft, comment: e.target.value })} error={Boolean(errors.comment)} helperText={errors.comment} multiline minRows={2} fullWidth />
          </>
        )}
      </EntryDialog>
    </EditableRowsTable>
  );
};
