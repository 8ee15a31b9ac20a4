import Box from '@mui/material/Box';
import type { FormEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { formatDate, parseRuDate } from '@domain/shared/dates';
import { DateInput } from '@/components';
import { maskDate } from '@/utils/date-mask';
import { useIsEditable, useRequestEdit, type FormPath } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';

export interface FormDateFieldProps {
  readonly name: FormPath;
  readonly label: string;
  readonly disabled?: boolean;
}

/**
 * A DD.MM.YYYY field of the request form. The form keeps the typed text (so a half-typed or
 * impossible date is a validation error that blocks the save, with ruDate's message), while the
 * shared DateInput masks the digits and offers the calendar.
 */
export const FormDateField = ({ name, label, disabled }: FormDateFieldProps) => {
  const { control } = useFormContext<RequestFormValues>();
  const { field, fieldState } = useController({ control, name });
  const { change } = useRequestEdit();
  const editable = useIsEditable(name);
  const text = typeof field.value === 'string' ? field.value : '';

  // Every keystroke: the masked text, as DateInput shows it.
  const onInput = (event: FormEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) change(name, maskDate(event.target.value) as never);
  };

  return (
    <Box onInput={onInput} onBlur={field.onBlur} sx={{ width: '100%' }}>
      <DateInput
        label={label}
        name={field.name}
        value={parseRuDate(text)}
        onChange={(iso) => {
          if (iso) change(name, formatDate(iso) as never);
        }}
        disabled={disabled || !editable}
        error={fieldState.error?.message}
        fullWidth
      />
    </Box>
  );
};
