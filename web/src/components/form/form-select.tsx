import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldEdit } from './form-edit-context';
import type { SelectOption } from './select-option';

export interface FormSelectProps<T extends FieldValues> {
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly options: readonly SelectOption[];
  /** Offers 'Не выбрано' (the field back to null). */
  readonly allowEmpty?: boolean;
  readonly disabled?: boolean;
  readonly size?: 'small' | 'medium';
}

const EMPTY = '';

/** A choice from a list (catalogue or enumeration) holding the option's own value (number or text). */
export const FormSelect = <T extends FieldValues>({ name, label, options, allowEmpty = true, disabled, size }: FormSelectProps<T>) => {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  const { editable, required, change } = useFieldEdit(name);
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
        change(picked ? picked.value : null);
      }}
      onBlur={field.onBlur}
      required={required}
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
