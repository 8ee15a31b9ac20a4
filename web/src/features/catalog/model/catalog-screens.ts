import { catalogScreen, type CatalogScreen, type ChoiceOption, type FieldControl, type FieldMeta } from '@domain/catalog/screens';
import { findCatalog, type CatalogDefinition, type CatalogName } from '@domain/catalog/definitions';

export type { CatalogScreen, ChoiceOption, FieldControl, FieldMeta };

/** One field of a catalogue's edit dialog, in dialog order. */
export interface ScreenField extends FieldMeta {
  readonly name: string;
}

/** One column of a catalogue's list, in list order. */
export interface ScreenColumn extends FieldMeta {
  readonly field: string;
}

/** Everything the generic reference screen renders, from domain/catalog/screens.ts. */
export interface CatalogScreenView {
  readonly name: CatalogName;
  readonly title: string;
  readonly fields: readonly ScreenField[];
  readonly columns: readonly ScreenColumn[];
  readonly textFilter: string;
  readonly filters: readonly { readonly field: string; readonly label: string; readonly control: FieldControl }[];
  /** Fields shown only while another field holds one of some values. */
  readonly shownWhen: Readonly<Record<string, { readonly field: string; readonly values: readonly number[] }>>;
  /** The definition shared with the server: schema, payload key, rights, titleField. */
  readonly definition: CatalogDefinition;
}

const views = new Map<CatalogName, CatalogScreenView>();

/** The screen of a catalogue, shaped as lists the screen maps over (built once per catalogue). */
export const catalogScreenOf = (name: CatalogName): CatalogScreenView => {
  let view = views.get(name);
  if (!view) {
    const s = catalogScreen(name);
    const meta = s.fields as Readonly<Record<string, FieldMeta>>;
    view = {
      name: s.name,
      title: s.title,
      fields: Object.entries(meta).map(([field, m]) => ({ name: field, ...m })),
      columns: s.columns.map((field) => ({ field, ...meta[field]! })),
      textFilter: s.textFilter,
      filters: Object.entries(s.filters as Readonly<Record<string, string>>).map(([field, label]) => ({ field, label, control: s.filterControls?.[field] ?? meta[field]!.control })),
      shownWhen: (s.shownWhen ?? {}) as CatalogScreenView['shownWhen'],
      definition: findCatalog(name)!,
    };
    views.set(name, view);
  }
  return view;
};
