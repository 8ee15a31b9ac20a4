import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useController, useFormContext } from 'react-hook-form';
import { useIsEditable, useRequestEdit, type FormPath } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';

/** A yes/no field of the request form. */
export const FormCheckbox = ({ name, label }: { readonly name: FormPath; readonly label: string }) => {
  const { control } = useFormContext<RequestFormValues>();
  const { field } = useController({ control, name });
  const { change } = useRequestEdit();
  const editable = useIsEditable(name);
  return (
    <FormControlLabel
      label={label}
      disabled={!editable}
      control={<Checkbox name={field.name} checked={field.value === true} onChange={(e) => change(name, e.target.checked as never)} />}
    />
  );
};
