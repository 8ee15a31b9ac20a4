import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate } from '@domain/shared/dates';
import { toolPlaceSchema } from '@domain/tool/schemas';
import { DateInput } from '@/components';
import { EditableRowsTable, useFieldEdit } from '@/components/form';
import type { FormPlace, ToolFormValues } from '../../model/form-values';
import { useToolUnits } from '../../model/references';
import { localToday } from '../../model/validation';
import { EntryDialog, issuesByField } from './entry-dialog';

interface Draft {
  date_time: string | null;
  unit_id: string;
  room: string;
  man_post: string;
  man_fio: string;
}

/** 'Размещение': where the tool stands, added and deleted with the place-edit right (equipment.md 6). */
export const PlacesTab = () => {
  const { control } = useFormContext<ToolFormValues>();
  const rows = useWatch({ control, name: 'tool_places' });
  const unitId = useWatch({ control, name: 'unit_id' });
  const { editable, change } = useFieldEdit('tool_places');
  const units = useToolUnits();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const unitName = (id: number, fromServer?: string | null) => fromServer ?? units.find((u) => u.id === id)?.name ?? String(id);
  const close = () => {
    setDraft(null);
    setErrors({});
  };
  const add = () => {
    if (!draft) return;
    const parsed = toolPlaceSchema.safeParse({
      date_time: draft.date_time,
      unit_id: draft.unit_id === '' ? null : Number(draft.unit_id),
      room: draft.room,
      man_post: draft.man_post.trim() || null,
      man_fio: draft.man_fio.trim() || null,
    });
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    const entry: FormPlace = { ...parsed.data, unit_name: unitName(parsed.data.unit_id) };
    change([...rows, entry]);
    close();
  };
  const field = (key: 'room' | 'man_post' | 'man_fio', label: string, required = false) =>
    draft && (
      <TextField label={label} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} error={Boolean(errors[key])} helperText={errors[key]} required={required} fullWidth />
    );
  return (
    <EditableRowsTable
      title="Размещение"
      rows={rows}
      rowKey={(_r, i) => i}
      columns={[
        { header: 'Дата', width: 140, cell: (r) => formatDate(r.date_time) },
        { header: 'Объект', cell: (r) => unitName(r.unit_id, r.unit_name) },
        { header: 'Помещение', width: 180, cell: (r) => r.room },
        { header: 'Должность', width: 220, cell: (r) => r.man_post ?? '' },
        { header: 'ФИО', width: 260, cell: (r) => r.man_fio ?? '' },
      ]}
      editable={editable}
      deleteLabel="Удалить размещение"
      onDelete={(i) => change(rows.filter((_r, j) => j !== i))}
      addLabel="Добавить размещение"
      onAdd={() => setDraft({ date_time: localToday(), unit_id: unitId === null ? '' : String(unitId), room: '', man_post: '', man_fio: '' })}
    >
      <EntryDialog open={draft !== null} title="Размещение оборудования" onAdd={add} onCancel={close}>
        {draft && (
          <>
            <DateInput label="Дата" value={draft.date_time} onChange={(v) => setDraft({ ...draft, date_time: v })} error={errors.date_time} required fullWidth />
            <TextField select label="Объект" value={draft.unit_id} onChange={(e) => setDraft({ ...draft, unit_id: e.target.value })} error={Boolean(errors.unit_id)} helperText={errors.unit_id} required fullWidth>
              {units.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {u.name}
                </MenuItem>
              ))}
            </TextField>
            {field('room', 'Помещение', true)}
            {field('man_post', 'Должность')}
            {field('man_fio', 'ФИО')}
          </>
        )}
      </EntryDialog>
    </EditableRowsTable>
  );
};
