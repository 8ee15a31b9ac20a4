import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { requestDateSchema, requestNumberSchema } from '@domain/request/validation';
import { formatDate, toDateOnly } from '@domain/shared/dates';
import { AppDialog, DateInput } from '@/components';
import { useSetRequestDateMutation, useSetRequestNumberMutation, type RequestRow } from '../../api/request-list-api';

/** Either a new number (digits only: 'Введите целое число') or a new registration date. */
const changeSchema = z.discriminatedUnion('what', [
  z.object({ what: z.literal('number'), newNumber: requestNumberSchema, newDate: z.string().nullable() }),
  z.object({ what: z.literal('date'), newNumber: z.string(), newDate: requestDateSchema }),
]);

type ChangeFields = z.input<typeof changeSchema>;
type ChangeValues = z.output<typeof changeSchema>;

export interface ChangeNumberDialogProps {
  readonly row: RequestRow;
  readonly onClose: () => void;
}

/** 'Изменить номер или дату' of one request (RIGHT_REQUEST_EDIT_NUMBER FULL, requests.md 2.1). */
export const ChangeNumberDialog = ({ row, onClose }: ChangeNumberDialogProps) => {
  const [setNumber, numberState] = useSetRequestNumberMutation();
  const [setDate, dateState] = useSetRequestDateMutation();
  const busy = numberState.isLoading || dateState.isLoading;
  const { control, register, handleSubmit, formState } = useForm<ChangeFields, unknown, ChangeValues>({
    resolver: zodResolver(changeSchema),
    // Checked as typed: '12а' is answered 'Введите целое число' before any press of 'Сохранить'.
    mode: 'onChange',
    defaultValues: { what: 'number', newNumber: row.number === null ? '' : String(row.number), newDate: toDateOnly(row.request_date_add) },
  });
  const what = useWatch({ control, name: 'what' });
  const errors = formState.errors;
  const { ref: numberRef, ...numberField } = register('newNumber');

  const submit = handleSubmit(async (values) => {
    const result =
      values.what === 'number'
        ? await setNumber({ requestId: row.id, newNumber: values.newNumber })
        : await setDate({ requestId: row.id, newDate: values.newDate });
    if ('data' in result) onClose();
  });

  return (
    <AppDialog
      open
      title={`Номер и дата заявки №${row.number ?? row.id} от ${formatDate(row.request_date_add)}`}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button type="submit" form="change-number-form" variant="contained" disabled={busy}>
            Сохранить
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Отменить
          </Button>
        </>
      }
    >
      <Stack component="form" id="change-number-form" noValidate spacing={2} onSubmit={(e) => void submit(e)} aria-label="Номер и дата заявки">
        <Controller
          control={control}
          name="what"
          render={({ field }) => (
            <RadioGroup row value={field.value} onChange={(_e, v) => field.onChange(v)} aria-label="Что изменить">
              <FormControlLabel value="number" control={<Radio />} label="Номер" />
              <FormControlLabel value="date" control={<Radio />} label="Дату регистрации" />
            </RadioGroup>
          )}
        />
        {what === 'number' ? (
          <TextField
            {...numberField}
            inputRef={numberRef}
            label="Новый номер"
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={Boolean(errors.newNumber)}
            helperText={errors.newNumber?.message}
          />
        ) : (
          <Controller
            control={control}
            name="newDate"
            render={({ field, fieldState }) => (
              <DateInput label="Новая дата регистрации" name={field.name} value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        )}
      </Stack>
    </AppDialog>
  );
};
