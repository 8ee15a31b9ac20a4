import { createContext, useContext, type ReactNode } from 'react';

/** An item to choose in a filter: its id and what the user reads. */
export interface Option {
  readonly id: number;
  readonly title: string;
}

export interface UnitOption extends Option {
  readonly region_id: number;
}

export interface ProgramOption extends Option {
  /** 1 special software (СПО), 2 common software (ОПО) (domain/catalog/definitions ProgramType). */
  readonly type: number;
}

/**
 * The reference data the list's dialogs choose from. Features do not import each other, so the
 * page (app/pages) reads it from the references feature and hands it in through this context.
 */
export interface ListReferences {
  readonly regions: readonly Option[];
  /** Every unit; the screens narrow it to the user's scope themselves. */
  readonly units: readonly UnitOption[];
  readonly programs: readonly ProgramOption[];
  readonly toolKinds: readonly Option[];
}

const empty: ListReferences = { regions: [], units: [], programs: [], toolKinds: [] };

const ReferencesContext = createContext<ListReferences>(empty);

export const ListReferencesProvider = ({ value, children }: { readonly value: ListReferences; readonly children: ReactNode }) => (
  <ReferencesContext.Provider value={value}>{children}</ReferencesContext.Provider>
);

export const useListReferences = (): ListReferences => useContext(ReferencesContext);

/** The title of an option by id; '' when unknown. */
export const titleOf = (options: readonly Option[], id: number | null | undefined): string =>
  id == null ? '' : (options.find((o) => o.id === id)?.title ?? '');
