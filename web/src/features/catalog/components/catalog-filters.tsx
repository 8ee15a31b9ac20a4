import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReferenceName } from '@domain/catalog/screens';
import { DebouncedTextField } from '@/components';
import type { SelectOption } from '@/components/form';
import { useReferenceOptions } from '../hooks/use-reference-options';
import type { CatalogScreenView, FieldControl } from '../model/catalog-screens';

const ALL = '';
const FLAG_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Да' },
  { value: 'false', label: 'Нет' },
];

interface ExactFilterProps {
  readonly label: string;
  readonly value: string;
  readonly options: readonly SelectOption[];
  readonly onChange: (value: string) => void;
}

/** One exact-match filter: 'Все' or one value. */
const ExactFilter = ({ label, value, options, onChange }: ExactFilterProps) => (
  <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 220 }}>
    <MenuItem value={ALL}>
      <em>Все</em>
    </MenuItem>
    {options.map((o) => (
      <MenuItem key={String(o.value)} value={String(o.value)}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
);

const ReferenceFilter = ({ catalog, ...rest }: Omit<ExactFilterProps, 'options'> & { readonly catalog: ReferenceName }) => {
  const options = useReferenceOptions(catalog);
  return <ExactFilter {...rest} options={options} />;
};

const FilterControl = ({ control, ...rest }: Omit<ExactFilterProps, 'options'> & { readonly control: FieldControl }) => {
  switch (control.kind) {
    case 'select':
      return <ReferenceFilter {...rest} catalog={control.catalog} />;
    case 'choice':
      return <ExactFilter {...rest} options={control.options} />;
    case 'flag':
      return <ExactFilter {...rest} options={FLAG_OPTIONS} />;
    default:
      return null;
  }
};

export interface CatalogFiltersProps {
  readonly view: CatalogScreenView;
  readonly text: string;
  readonly filters: Readonly<Record<string, string>>;
  readonly onText: (text: string) => void;
  readonly onFilter: (field: string, value: string) => void;
}

/** The text filter over the catalogue's title field and its exact filters (each 'Все' by default). */
export const CatalogFilters = ({ view, text, filters, onText, onFilter }: CatalogFiltersProps) => (
  <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
    <DebouncedTextField size="small" label={view.textFilter} value={text} onChange={onText} type="search" sx={{ minWidth: 260 }} />
    {view.filters.map((f) => (
      <FilterControl key={f.field} label={f.label} control={f.control} value={filters[f.field] ?? ALL} onChange={(v) => onFilter(f.field, v)} />
    ))}
  </Stack>
);
