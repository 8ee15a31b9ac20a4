import Box from '@mui/material/Box';
import type { FormEvent } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatDate, parseRuDate } from '@domain/shared/dates';
import { maskDate } from '@/utils/date-mask';
import { DateInput } from '../date-input';
import { useFieldEdit } from './form-edit-context';

export interface FormDateFieldProps<T extends FieldValues> {
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly disabled?: boolean;
}

/**
 * A DD.MM.YYYY field of the form. The form keeps the typed text (so a half-typed or impossible
 * date is a validation error that blocks the save, with ruDate's message), while the shared
 * DateInput masks the digits and offers the calendar.
 */
export const FormDateField = <T extends FieldValues>({ name, label, disabled }: FormDateFieldProps<T>) => {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  const { editable, required, change } = useFieldEdit(name);
  const text = typeof field.value === 'string' ? field.value : '';

  // Every keystroke: the masked text, as DateInput shows it.
  const onInput = (event: FormEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) change(maskDate(event.target.value));
  };

  return (
    <Box onInput={onInput} onBlur={field.onBlur} sx={{ width: '100%' }}>
      <DateInput
        label={label}
        name={field.name}
        value={parseRuDate(text)}
        onChange={(iso) => {
          if (iso) change(formatDate(iso));
        }}
        required={required}
        disabled={disabled || !editable}
        error={fieldState.error?.message}
        fullWidth
      />
    </Box>
  );
};
