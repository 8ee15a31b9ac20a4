import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
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

interface NamedValue {
  readonly value_id: number | null;
  readonly value_title: string;
}

/**
 * A list of named values (a characteristic's values): each row a text, added and removed here;
 * the server gives new rows their ids and checks every title (definitions.ts toolTraits).
 */
const ValuesField = ({ name, label, itemLabel }: { readonly name: string; readonly label: string; readonly itemLabel: string }) => {
  const { control, formState } = useFormContext<CatalogFormValues>();
  const { field } = useController({ control, name });
  const { editable, change } = useFieldEdit(name);
  const rows: NamedValue[] = Array.isArray(field.value) ? (field.value as NamedValue[]) : [];
  const errors = (formState.errors as Record<string, unknown>)[name] as Record<number, { value_title?: { message?: string } }> | undefined;
  const setRow = (i: number, value_title: string) => change(rows.map((r, j) => (j === i ? { ...r, value_title } : r)));
  return (
    <Stack spacing={1} data-testid={`values-${name}`}>
      <Typography variant="subtitle2">{label}</Typography>
      {rows.map((row, i) => (
        <Stack key={row.value_id ?? `new-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            label={`${itemLabel} ${i + 1}`}
            name={`${name}.${i}.value_title`}
            value={row.value_title}
            disabled={!editable}
            onChange={(e) => setRow(i, e.target.value)}
            error={Boolean(errors?.[i]?.value_title)}
            helperText={errors?.[i]?.value_title?.message}
          />
          {editable && (
            <IconButton aria-label="Удалить значение" onClick={() => change(rows.filter((_, j) => j !== i))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ))}
      {editable && (
        <Button size="small" onClick={() => change([...rows, { value_id: null, value_title: '' }])} sx={{ alignSelf: 'flex-start' }}>
          Добавить значение
        </Button>
      )}
    </Stack>
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
    case 'values':
      return <ValuesField name={field.name} label={field.label} itemLabel={control.itemLabel} />;
    case 'own':
      return null;
  }
};
