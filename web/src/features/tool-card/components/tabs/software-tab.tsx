import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ProgramType } from '@domain/catalog/definitions';
import { toolSoftwareChoiceSchema } from '@domain/tool/schemas';
import { AppDialog } from '@/components';
import { EditableRowsTable, useFieldEdit } from '@/components/form';
import type { ToolFormValues } from '../../model/form-values';
import { useCatalog } from '../../model/references';

const typeTitles: Record<number, string> = { [ProgramType.SPECIAL]: 'Специальное ПО', [ProgramType.COMMON]: 'Общее ПО' };

/** 'Программное обеспечение' (software-updatable kinds only): the tool's programs and their chooser. */
export const SoftwareTab = () => {
  const { control } = useFormContext<ToolFormValues>();
  const ids = useWatch({ control, name: 'tool_softwares' });
  const { editable, change } = useFieldEdit('tool_softwares');
  const programs = useCatalog('programs');
  const [choosing, setChoosing] = useState(false);
  const [type, setType] = useState<string>('');
  const [programId, setProgramId] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rows = ids.map((id) => programs.find((p) => p.id === id) ?? { id, title: `Программа ${id}` });
  const close = () => {
    setChoosing(false);
    setType('');
    setProgramId('');
    setErrors({});
  };
  const add = () => {
    const parsed = toolSoftwareChoiceSchema.safeParse({ type: type === '' ? null : type, program_id: programId === '' ? null : Number(programId) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    if (!ids.includes(parsed.data.program_id)) change([...ids, parsed.data.program_id]);
    close();
  };
  return (
    <EditableRowsTable
      title="Программное обеспечение"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[
        { header: 'Тип', width: 180, cell: (r) => typeTitles[Number(r.type)] ?? '' },
        { header: 'Наименование', cell: (r) => String(r.title ?? '') },
        { header: 'Версия', width: 160, cell: (r) => String(r.version ?? '') },
      ]}
      editable={editable}
      deleteLabel="Удалить программу"
      onDelete={(i) => change(ids.filter((_id, j) => j !== i))}
      addLabel="Добавить программу"
      onAdd={() => setChoosing(true)}
    >
      <AppDialog
        open={choosing}
        title="Выбор программного обеспечения"
        actions={
          <>
            <Button variant="contained" onClick={add}>
              Добавить
            </Button>
            <Button onClick={close}>Отмена</Button>
          </>
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Тип программного обеспечения" value={type} onChange={(e) => setType(e.target.value)} error={Boolean(errors.type)} helperText={errors.type} fullWidth>
            {Object.entries(typeTitles).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Программа" value={programId} onChange={(e) => setProgramId(e.target.value)} error={Boolean(errors.program_id)} helperText={errors.program_id} disabled={type === ''} fullWidth>
            {programs
              .filter((p) => String(p.type) === type)
              .map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {`${String(p.title ?? '')} ${String(p.version ?? '')}`.trim()}
                </MenuItem>
              ))}
          </TextField>
        </Stack>
      </AppDialog>
    </EditableRowsTable>
  );
};
