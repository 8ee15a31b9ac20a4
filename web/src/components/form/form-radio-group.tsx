import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldEdit } from './form-edit-context';
import type { SelectOption } from './select-option';

export interface FormRadioGroupProps<T extends FieldValues> {
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly disabled?: boolean;
}

/** A choice of a few values shown at once (performer kind, contact kind, signing type). */
export const FormRadioGroup = <T extends FieldValues>({ name, label, options, disabled }: FormRadioGroupProps<T>) => {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ control, name });
  const { editable, required, change } = useFieldEdit(name);
  const labelId = useId();
  return (
    <FormControl error={Boolean(fieldState.error)} required={required} disabled={disabled || !editable}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) change(picked.value);
        }}
      >
        {options.map((o) => (
          <FormControlLabel key={String(o.value)} value={String(o.value)} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
};
