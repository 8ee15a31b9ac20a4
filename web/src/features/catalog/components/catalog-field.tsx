import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { DateInput } from '@/components';
import { FormCheckbox, FormRadioGroup, FormSelect, FormTextField, useFieldEdit, type SelectOption } from '@/components/form';
import { useReferenceOptions } from '../hooks/use-reference-options';
import type { CatalogFormValues } from '../model/catalog-values';
import type { ScreenField } from '../model/catalog-screens';

/** A 'YYYY-MM-DD' field (the schema's isoDate), typed as DD.MM.YYYY. */
const IsoDateField = ({ name, label }: { readonly name: string; readonly label: string }) => {
  const { control } = useFormContext<CatalogFormValues>();
  const { field, fieldState } = useController({ control, name });
  const { editable, change } = useFieldEdit(name);
  return (
    <DateInput
      label={label}
      name={name}
      value={typeof field.value === 'string' ? field.value.slice(0, 10) : null}
      onChange={change}
      disabled={!editable}
      error={fieldState.error?.message}
      fullWidth
    />
  );
};

/** Several items of another reference (an id list). */
const MultiSelectField = ({ name, label, options }: { readonly name: string; readonly label: string; readonly options: readonly SelectOption[] }) => {
  const { control } = useFormContext<CatalogFormValues>();
  const { field, fieldState } = useController({ control, name });
  const { editable, change } = useFieldEdit(name);
  const value = Array.isArray(field.value) ? (field.value as unknown[]).map(Number) : [];
  const titleOf = (id: number) => options.find((o) => o.value === id)?.label ?? String(id);
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value}
      onChange={(e) => {
        const picked: unknown = e.target.value;
        change(Array.isArray(picked) ? picked.map(Number) : []);
      }}
      onBlur={field.onBlur}
      disabled={!editable}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      fullWidth
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as number[]).map(titleOf).join(', ') } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          <Checkbox checked={value.includes(Number(o.value))} size="small" />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
};

const ReferenceField = ({ field }: { readonly field: ScreenField & { readonly control: { readonly kind: 'select' } } }) => {
  const options = useReferenceOptions(field.control.catalog);
  return field.control.multiple ? (
    <MultiSelectField name={field.name} label={field.label} options={options} />
  ) : (
    <FormSelect<CatalogFormValues> name={field.name} label={field.label} options={options} />
  );
};

/** The control of one field of the edit dialog, as domain/catalog/screens.ts describes it. */
export const CatalogField = ({ field }: { readonly field: ScreenField }) => {
  const { control } = field;
  switch (control.kind) {
    case 'text':
      return <FormTextField<CatalogFormValues> name={field.name} label={field.label} multiline={control.multiline} minRows={control.multiline ? 3 : undefined} />;
    case 'number':
      return <FormTextField<CatalogFormValues> name={field.name} label={field.label} inputMode="numeric" />;
    case 'flag':
      return control.choices ? (
        <FormRadioGroup<CatalogFormValues>
          name={field.name}
          label={field.label}
          // The schema's flag takes 'true' / 'false' as well as booleans.
          options={[
            { value: 'true', label: control.choices.yes },
            { value: 'false', label: control.choices.no },
          ]}
        />
      ) : (
        <FormCheckbox<CatalogFormValues> name={field.name} label={field.label} />
      );
    case 'date':
      return <IsoDateField name={field.name} label={field.label} />;
    case 'choice':
      return <FormSelect<CatalogFormValues> name={field.name} label={field.label} options={control.options} />;
    case 'select':
      return <ReferenceField field={{ ...field, control }} />;
  }
};
