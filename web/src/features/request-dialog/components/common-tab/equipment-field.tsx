import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { requestFieldTitles } from '@domain/request/history';
import { hasRight, RightValue } from '@domain/rights';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { EquipmentSearchDialog } from '../pickers/equipment-search-dialog';

/** The request's tool: picked in the equipment search of the request's object (4.3: the tool sets the warranty). */
export const EquipmentField = () => {
  const { change } = useRequestEdit();
  // The equipment search needs RIGHT_TOOLS_READ (the server refuses it otherwise): no picker without it.
  const canSearch = hasRight(useAppSelector(selectRights), 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
  const editable = useIsEditable('tool_id');
  const [tool, unitId] = useWatch<RequestFormValues, ['tool_info', 'unit_id']>({ name: ['tool_info', 'unit_id'] });
  const { errors } = useFormState<RequestFormValues>({ name: 'tool_id' });
  const [open, setOpen] = useState(false);
  const error = errors.tool_id?.message;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={requestFieldTitles.tool_id}
        value={tool?.title ?? ''}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        multiline
        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: Boolean(tool) } }}
      />
      {editable && (
        <Stack spacing={0.5}>
          {canSearch && (
            <Button variant="outlined" disabled={unitId === null} onClick={() => setOpen(true)}>
              Выбрать
            </Button>
          )}
          {tool && (
            <Button
              size="small"
              onClick={() => {
                change('tool_info', null);
                change('tool_id', null);
              }}
            >
              Очистить
            </Button>
          )}
        </Stack>
      )}
      <EquipmentSearchDialog
        open={open}
        unitId={unitId}
        onClose={() => setOpen(false)}
        onPick={(row) => {
          setOpen(false);
          change('tool_info', row);
          change('tool_id', row.id);
        }}
      />
    </Stack>
  );
};
