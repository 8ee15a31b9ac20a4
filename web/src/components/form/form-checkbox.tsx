import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldEdit } from './form-edit-context';

export interface FormCheckboxProps<T extends FieldValues> {
  readonly name: FieldPath<T>;
  readonly label: string;
}

/** A yes/no field of the form. */
export const FormCheckbox = <T extends FieldValues>({ name, label }: FormCheckboxProps<T>) => {
  const { control } = useFormContext<T>();
  const { field } = useController({ control, name });
  const { editable, change } = useFieldEdit(name);
  return (
    <FormControlLabel
      label={label}
      disabled={!editable}
      control={<Checkbox name={field.name} checked={field.value === true} onChange={(e) => change(e.target.checked)} />}
    />
  );
};
