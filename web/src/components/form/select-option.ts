/** One choice of a select or radio group: the value the form holds (number or text) and its title. */
export interface SelectOption {
  readonly value: number | string;
  readonly label: string;
}

/** Options of an enumeration's titles ({1: 'Гарантийный', ...}). */
export const enumOptions = (titles: Readonly<Record<string | number, string>>, numeric = true): SelectOption[] =>
  Object.entries(titles).map(([value, label]) => ({ value: numeric ? Number(value) : value, label }));
