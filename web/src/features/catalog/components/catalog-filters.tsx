import type { ReferenceName } from '@domain/catalog/screens';
import { DebouncedTextField, FilterSelect, type FilterSelectProps } from '@/components';
import type { SelectOption } from '@/components/form';
import { useReferenceOptions } from '../hooks/use-reference-options';
import type { CatalogScreenView, FieldControl } from '../model/catalog-screens';

const FLAG_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Да' },
  { value: 'false', label: 'Нет' },
];

const ReferenceFilter = ({ catalog, ...rest }: Omit<FilterSelectProps, 'options'> & { readonly catalog: ReferenceName }) => {
  const options = useReferenceOptions(catalog);
  return <FilterSelect {...rest} options={options} />;
};

const FilterControl = ({ control, ...rest }: Omit<FilterSelectProps, 'options'> & { readonly control: FieldControl }) => {
  switch (control.kind) {
    case 'select':
      return <ReferenceFilter {...rest} catalog={control.catalog} />;
    case 'choice':
      return <FilterSelect {...rest} options={control.options} />;
    case 'flag':
      return <FilterSelect {...rest} options={FLAG_OPTIONS} />;
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

/** The filters of ListScreen: the text filter over the catalogue's title field and its exact filters (each 'Все' by default). */
export const CatalogFilters = ({ view, text, filters, onText, onFilter }: CatalogFiltersProps) => (
  <>
    <DebouncedTextField size="small" label={view.textFilter} value={text} onChange={onText} type="search" sx={{ minWidth: 260 }} />
    {view.filters.map((f) => (
      <FilterControl key={f.field} label={f.label} control={f.control} value={filters[f.field] ?? ''} onChange={(v) => onFilter(f.field, v)} />
    ))}
  </>
);
