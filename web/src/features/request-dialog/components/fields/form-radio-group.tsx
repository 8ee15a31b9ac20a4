import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useIsEditable, useRequestEdit, type FormPath } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import type { SelectOption } from './form-select';

export interface FormRadioGroupProps {
  readonly name: FormPath;
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly disabled?: boolean;
}

/** A choice of a few values shown at once (performer kind, contact kind, signing type). */
export const FormRadioGroup = ({ name, label, options, disabled }: FormRadioGroupProps) => {
  const { control } = useFormContext<RequestFormValues>();
  const { field, fieldState } = useController({ control, name });
  const { change } = useRequestEdit();
  const editable = useIsEditable(name);
  const labelId = useId();
  return (
    <FormControl error={Boolean(fieldState.error)} disabled={disabled || !editable}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) change(name, picked.value as never);
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
