import type { ReactNode } from 'react';

/** An item to choose in a filter: its id and what the user reads. */
export interface Option {
  readonly id: number;
  readonly title: string;
}

/** A unit to choose: narrowed by the chosen region. */
export interface UnitOption extends Option {
  readonly region_id: number;
}

export type ExportFormat = 'xlsx' | 'docx';

/**
 * How a cell lays out its text: `plain` as the table draws it, `nowrap` on one line, `lines` keeping
 * the text's line breaks and breaking long words, `clamp` as `lines` but at most three lines with
 * the whole text in a tooltip (long descriptions).
 */
export type CellLayout = 'plain' | 'nowrap' | 'lines' | 'clamp';

/** A column of a registry table. */
export interface RegistryColumn<Row> {
  readonly key: string;
  readonly title: string;
  /** What the cell says for a row; `index` is the row's place in the whole list (1-based). */
  readonly value: (row: Row, index: number) => string;
  /** Pixels or a share of the table in the normal density (compact columns are as wide as their content). */
  readonly width?: number | string;
  readonly cell?: CellLayout;
  /** Compact density: at most this many pixels, the rest cut with '…' (the whole text in the tooltip). */
  readonly maxWidth?: number;
  /** Compact density: the one line when it should read otherwise than `value` (the object before its region). */
  readonly line?: (row: Row) => string;
  /** The column that takes the width the others leave (a table's long text); compact cuts it to that width. */
  readonly fill?: boolean;
  /** A cell drawn otherwise than its value in the normal density (build it from CellText, so the kit's text rules still apply); compact shows the value on one line. */
  readonly render?: (row: Row, index: number) => ReactNode;
  /** The list search's words are marked in this column (a long-text 'clamp' cell always marks them). */
  readonly searched?: boolean;
}

/** A row's colour: a light background and a stronger edge on its left (the row also says what it means). */
export interface RowTint {
  /** What the tint stands for (`data-tint`; tests and legends read it). */
  readonly name: string;
  readonly background: string;
  readonly edge: string;
}

/** One condition of the filter above the table; its cross applies `clear`. */
export interface FilterChip<Clear> {
  readonly key: string;
  readonly label: string;
  /** null: a condition that stays (it always has a value, like the request list's period). */
  readonly clear: Clear | null;
}

/** One page of a registry as the kit's page query gives it. */
export interface RegistryPage<Row> {
  readonly rows: Row[];
  readonly pagesCount: number;
  readonly itemsCount: number;
  /** The page these rows are (the server answers the last page when asked beyond it). */
  readonly pageNumber: number;
}
