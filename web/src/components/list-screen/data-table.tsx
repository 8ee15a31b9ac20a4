import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { RowDeleteButton } from '../form/row-delete-button';
import { ConfirmDelete, type ConfirmDeleteProps } from './confirm-delete';

/** One column of a list: its head and how a row shows in it. */
export interface DataColumn<Row> {
  readonly key: string;
  readonly header: string;
  /** The cell of a row; index counts the rows of the page from 0. */
  readonly cell: (row: Row, index: number) => ReactNode;
  readonly align?: 'left' | 'right';
  readonly sx?: SxProps<Theme>;
  readonly testId?: string;
}

/**
 * The delete button at the end of a row and its question; the column exists only when this is given
 * (edit right).
 */
export interface RowDelete<Row> extends Pick<ConfirmDeleteProps<Row>, 'question' | 'title' | 'remove' | 'busy'> {
  /** The row's name in the button's label 'Удалить «…»'. */
  readonly titleOf: (row: Row) => string;
  /** False hides the button on that row (e.g. a protected account). */
  readonly shown?: (row: Row) => boolean;
}

/** Marks of one row for tests and styles: data-testid, data-state and its look (e.g. bold while new). */
export interface RowMarks {
  readonly testId?: string;
  readonly state?: string;
  readonly sx?: SxProps<Theme>;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (the screen's title). */
  readonly label: string;
  readonly columns: readonly DataColumn<Row>[];
  /** Undefined until the first answer. */
  readonly rows: readonly Row[] | undefined;
  readonly rowKey: (row: Row) => string | number;
  readonly fetching: boolean;
  /** The query failed: said in the table instead of an endless wait. */
  readonly failed?: boolean;
  readonly onRowClick?: ((row: Row) => void) | null;
  readonly rowDelete?: RowDelete<Row> | null;
  /** Inactive rows are greyed and struck through (data-inactive="true"). */
  readonly inactive?: (row: Row) => boolean;
  /** The buttons of a row in the last column 'Действия' (before the delete button); a click on them does not open the row. */
  readonly rowActions?: ((row: Row) => ReactNode) | null;
  readonly rowMarks?: (row: Row) => RowMarks;
  /** Said in the table when the list is empty. */
  readonly empty?: string;
}

// Greyed with text.secondary, not text.disabled: struck-through text must still be readable (WCAG 1.4.3 contrast).
const inactiveSx = { '& td': { color: 'text.secondary', textDecoration: 'line-through' } } as const;

/**
 * The table of a list screen: the columns' heads, a row a record, 'Нет записей' (or the given text) when
 * empty, a bar while loading, the rows' buttons and the rows' delete with its question.
 */
export const DataTable = <Row,>({
  label,
  columns,
  rows,
  rowKey,
  fetching,
  failed = false,
  onRowClick,
  rowDelete,
  inactive,
  rowActions,
  rowMarks,
  empty = 'Нет записей',
}: DataTableProps<Row>) => {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const hasActions = Boolean(rowDelete ?? rowActions);
  const width = columns.length + (hasActions ? 1 : 0);
  const notice = rows?.length === 0 ? empty : rows === undefined && failed ? 'Не удалось загрузить список' : null;
  return (
    <TableContainer component={Paper} variant="outlined">
      {fetching && <LinearProgress aria-label="Загрузка" />}
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align}>
                {c.header}
              </TableCell>
            ))}
            {hasActions && <TableCell padding={rowActions ? 'normal' : 'checkbox'} aria-label="Действия" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((row, index) => {
            const off = inactive?.(row) ?? false;
            const marks = rowMarks?.(row);
            return (
              <TableRow
                key={rowKey(row)}
                hover
                data-testid={marks?.testId}
                data-state={marks?.state}
                data-inactive={off ? 'true' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                sx={[onRowClick ? { cursor: 'pointer' } : {}, off ? inactiveSx : {}, ...(Array.isArray(marks?.sx) ? marks.sx : [marks?.sx ?? {}])]}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={c.sx} data-testid={c.testId}>
                    {c.cell(row, index)}
                  </TableCell>
                ))}
                {hasActions && (
                  // The click acts (deletes, …), it does not open the row.
                  <TableCell
                    padding={rowActions ? 'normal' : 'checkbox'}
                    align={rowActions ? 'right' : undefined}
                    sx={rowActions ? { whiteSpace: 'nowrap' } : undefined}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {rowActions?.(row)}
                    {rowDelete && (rowDelete.shown?.(row) ?? true) && <RowDeleteButton label={`Удалить «${rowDelete.titleOf(row)}»`} onClick={() => setDeleting(row)} />}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
          {notice && (
            <TableRow>
              <TableCell colSpan={width} sx={{ color: 'text.secondary' }}>
                {notice}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {rowDelete && <ConfirmDelete {...rowDelete} row={deleting} onClose={() => setDeleting(null)} />}
    </TableContainer>
  );
};
