import type { RegistryColumn, RowTint } from './types';

/** What a registry's table is: its name, columns and how a row shows; the same for every page. */
export interface RegistryTableConfig<Row> {
  /** The table's accessible name ('Список заявок'). */
  readonly label: string;
  /** Said in the table when the filter finds nothing. */
  readonly emptyText: string;
  readonly columns: readonly RegistryColumn<Row>[];
  /** The row's id: its React key (and what row selection will hold). */
  readonly rowId: (row: Row) => number;
  /** The row's accessible name ('Заявка 12'). */
  readonly rowLabel: (row: Row) => string;
  /** `data-*` attributes of the row element (its id for tests and scripts). */
  readonly rowData?: (row: Row) => Readonly<Record<`data-${string}`, string | number>>;
  /** A colour that tells rows apart (the request list's statuses). */
  readonly rowTint?: (row: Row) => RowTint;
  /** Pixels of the row buttons' column. */
  readonly actionsWidth?: number;
}
