import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { useIsEditable, useRequestEdit, type FormPath } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';

export interface FormTextFieldProps {
  readonly name: FormPath;
  readonly label: string;
  readonly multiline?: boolean;
  readonly minRows?: number;
  /** What an emptied field holds: null for nullable request fields, '' for texts that are never null. */
  readonly emptyValue?: null | '';
  /** Locked regardless of the editable fields (e.g. a derived value). */
  readonly disabled?: boolean;
  readonly inputMode?: 'text' | 'numeric' | 'decimal';
  readonly maxLength?: number;
  readonly size?: TextFieldProps['size'];
}

/** A text field of the request form: shows the field's error, locked unless the field is editable now. */
export const FormTextField = ({ name, label, multiline, minRows, emptyValue, disabled, inputMode, maxLength, size }: FormTextFieldProps) => {
  const { control } = useFormContext<RequestFormValues>();
  const { field, fieldState } = useController({ control, name });
  const { change } = useRequestEdit();
  const editable = useIsEditable(name);
  const empty = emptyValue !== undefined ? emptyValue : name.includes('.') ? '' : null;
  const value = field.value;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={(e) => change(name, (e.target.value === '' ? empty : e.target.value) as never)}
      onBlur={field.onBlur}
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
