import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldEdit } from './form-edit-context';

export interface FormTextFieldProps<T extends FieldValues> {
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly multiline?: boolean;
  readonly minRows?: number;
  /**
   * What an emptied field holds: null for nullable fields, '' for texts that are never null. By
   * default a row cell (a path with a dot) empties to '' and a field of the form itself to null.
   */
  readonly emptyValue?: null | '';
  /** Locked regardless of the editable fields (e.g. a derived value). */
  readonly disabled?: boolean;
  readonly inputMode?: 'text' | 'numeric' | 'decimal';
  readonly maxLength?: number;
  readonly size?: TextFieldProps['size'];
}

/** A text field of the form: shows the field's error, locked unless the field is editable now. */
export const FormTextField = <T extends FieldValues>({ name, label, multiline, minRows, emptyValue, disabled, inputMode, maxLength, size }: FormTextFieldProps<T>) => {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  const { editable, required, change } = useFieldEdit(name);
  const empty = emptyValue !== undefined ? emptyValue : name.includes('.') ? '' : null;
  const value: unknown = field.value;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={(e) => change(e.target.value === '' ? empty : e.target.value)}
      onBlur={field.onBlur}
      required={required}
      disabled={disabled || !editable}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      multiline={multiline}
      minRows={minRows}
      size={size}
      fullWidth
      slotProps={{ htmlInput: { inputMode, maxLength } }}
    />
  );
};
