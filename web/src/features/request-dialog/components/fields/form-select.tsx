import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { useIsEditable, useRequestEdit, type FormPath } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';

export interface SelectOption {
  readonly value: number | string;
  readonly label: string;
}

export interface FormSelectProps {
  readonly name: FormPath;
  readonly label: string;
  readonly options: readonly SelectOption[];
  /** Offers 'Не выбрано' (the field back to null). */
  readonly allowEmpty?: boolean;
  readonly disabled?: boolean;
  readonly size?: 'small' | 'medium';
}

const EMPTY = '';

/** A choice from a list (catalogue or enumeration) holding the option's own value (number or text). */
export const FormSelect = ({ name, label, options, allowEmpty = true, disabled, size }: FormSelectProps) => {
  const { control } = useFormContext<RequestFormValues>();
  const { field, fieldState } = useController({ control, name });
  const { change } = useRequestEdit();
  const editable = useIsEditable(name);
  const current = field.value === null || field.value === undefined ? EMPTY : String(field.value);
  // A stored value missing from the options (e.g. a deleted catalogue item) still shows.
  const shown = current === EMPTY || options.some((o) => String(o.value) === current) ? options : [...options, { value: current, label: current }];
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={current}
      onChange={(e) => {
        const picked = shown.find((o) => String(o.value) === e.target.value);
        change(name, (picked ? picked.value : null) as never);
      }}
      onBlur={field.onBlur}
      disabled={disabled || !editable}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      size={size}
      fullWidth
    >
      {allowEmpty && (
        <MenuItem value={EMPTY}>
          <em>Не выбрано</em>
        </MenuItem>
      )}
      {shown.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Options of an enumeration's titles ({1: 'Гарантийный', ...}). */
export const enumOptions = (titles: Readonly<Record<string | number, string>>, numeric = true): SelectOption[] =>
  Object.entries(titles).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));
