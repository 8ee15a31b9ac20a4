import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { requestFieldTitles } from '@domain/request/history';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { FormTextField } from '../fields';
import { TypicalFaultDialog } from '../pickers/typical-fault-dialog';

/** The description; a typical fault picked in its dialog is appended to it. */
export const DescriptionField = () => {
  const { change } = useRequestEdit();
  const { getValues } = useFormContext<RequestFormValues>();
  const editable = useIsEditable('request_text');
  const [kind, tool] = useWatch<RequestFormValues, ['request_kind_id', 'tool_info']>({ name: ['request_kind_id', 'tool_info'] });
  const [open, setOpen] = useState(false);
  const append = (text: string) => {
    const current = getValues('request_text').trimEnd();
    change('request_text', current ? `${current}\n${text}` : text);
    setOpen(false);
  };
  return (
    <Stack spacing={1}>
      <FormTextField name="request_text" label={requestFieldTitles.request_text} multiline minRows={3} emptyValue="" maxLength={2000} />
      {editable && (
        <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
          Типовая неисправность
        </Button>
      )}
      {open && (
        <TypicalFaultDialog open requestKindId={kind} toolKindId={tool?.tool_kind_id ?? null} onPick={append} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
};
