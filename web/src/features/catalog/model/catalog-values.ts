import { findCatalog } from '@domain/catalog/definitions';
import { formatDate } from '@domain/shared/dates';
import type { CatalogScreenView, FieldControl, ScreenField } from './catalog-screens';

/** The values the edit dialog holds: the item's fields as the schema accepts them. */
export type CatalogFormValues = Record<string, unknown>;

/** What an untouched field of a new item holds (the schema's own message answers a missing value). */
const emptyValueOf = (control: FieldControl): unknown => {
  switch (control.kind) {
    case 'flag':
      return false;
    case 'select':
      return control.multiple ? [] : null;
    case 'values':
      return [];
    default:
      return null;
  }
};

/** The form values of an item (null: a new item), every field of the screen present. */
export const formValuesOf = (view: CatalogScreenView, item: Readonly<Record<string, unknown>> | null): CatalogFormValues =>
  Object.fromEntries(
    view.fields.map((f) => {
      const value = item?.[f.name];
      return [f.name, value === undefined || (value === null && f.control.kind === 'flag') ? emptyValueOf(f.control) : value];
    }),
  );

/** The list's state: page, text filter and exact filters (field -> value, '' for all). */
export interface CatalogListState {
  readonly page: number;
  readonly text: string;
  readonly filters: Readonly<Record<string, string>>;
}

export const initialListState: CatalogListState = { page: 1, text: '', filters: {} };

/** Query parameters of GET /api/{name}: one page of 20 with the filters that are set. */
export const listParamsOf = (state: CatalogListState): Record<string, string> => {
  const params: Record<string, string> = { pageNumber: String(state.page) };
  const text = state.text.trim();
  if (text) params.text = text;
  for (const [field, value] of Object.entries(state.filters)) if (value !== '') params[field] = value;
  return params;
};

/** Titles of the items of the catalogues selects name: catalogue -> id -> title. */
export type ReferenceTitles = (catalog: string, id: number) => string | undefined;

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map(Number).filter((v) => Number.isSafeInteger(v) && v > 0);

/** What a list cell shows for a field's value. */
export const cellText = (field: Pick<ScreenField, 'control'>, value: unknown, titles: ReferenceTitles): string => {
  const { control } = field;
  if (value === undefined || value === '' || (value === null && control.kind !== 'select')) return '';
  switch (control.kind) {
    case 'flag':
      return value === true ? 'Да' : 'Нет';
    case 'date':
      return typeof value === 'string' ? formatDate(value.slice(0, 10)) : '';
    case 'choice':
      return control.options.find((o) => o.value === Number(value))?.label ?? String(value);
    case 'select': {
      const ids = idsOf(value);
      // A list that counts (a kind's characteristics) or a reference that is not loaded shows how many are chosen.
      if (control.countInList || !findCatalog(control.catalog)) return String(ids.length);
      return ids.map((id) => titles(control.catalog, id) ?? String(id)).join(', ');
    }
    case 'values':
      return String(Array.isArray(value) ? value.length : 0);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
};
