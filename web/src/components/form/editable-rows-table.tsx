import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Key, ReactNode } from 'react';
import { RowDeleteButton } from './row-delete-button';
import { SectionTitle } from './section-title';

export interface EditableRowsColumn<Row> {
  readonly header: ReactNode;
  /** The header cell's width in pixels. */
  readonly width?: number;
  readonly align?: 'right';
  readonly cell: (row: Row, index: number) => ReactNode;
}

export interface EditableRowsTableProps<Row> {
  /** The heading above the table; also the table's accessible name unless `ariaLabel` is given. */
  readonly title: string;
  readonly ariaLabel?: string;
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row, index: number) => Key;
  /** `false` leaves a column out (e.g. costs without the right to see them). */
  readonly columns: readonly (EditableRowsColumn<Row> | false)[];
  /** Rows may be added and deleted: the delete column and the add button show. */
  readonly editable: boolean;
  /** The accessible name of a row's delete button. */
  readonly deleteLabel: string;
  readonly onDelete: (index: number) => void;
  /** The add button's text and action; no button without them. */
  readonly addLabel?: string;
  readonly onAdd?: () => void;
  /** An error of the list as a whole, under the table. */
  readonly error?: string;
  /** What goes after the add button (e.g. the dialog that picks the rows to add). */
  readonly children?: ReactNode;
}

/** A titled table of rows the user adds and deletes (a card's lists: works, spares, students...). */
export const EditableRowsTable = <Row,>({
  title,
  ariaLabel,
  rows,
  rowKey,
  columns,
  editable,
  deleteLabel,
  onDelete,
  addLabel,
  onAdd,
  error,
  children,
}: EditableRowsTableProps<Row>) => {
  const shown = columns.filter((c): c is EditableRowsColumn<Row> => c !== false);
  return (
    <Stack spacing={1}>
      <SectionTitle>{title}</SectionTitle>
      <Table size="small" aria-label={ariaLabel ?? title}>
        <TableHead>
          <TableRow>
            {shown.map((c, i) => (
              <TableCell key={i} align={c.align} sx={c.width === undefined ? undefined : { width: c.width }}>
                {c.header}
              </TableCell>
            ))}
            {editable && <TableCell sx={{ width: 48 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={rowKey(row, i)}>
              {shown.map((c, j) => (
                <TableCell key={j} align={c.align}>
                  {c.cell(row, i)}
                </TableCell>
              ))}
              {editable && (
                <TableCell>
                  <RowDeleteButton label={deleteLabel} onClick={() => onDelete(i)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {editable && addLabel && onAdd && (
        <Button sx={{ alignSelf: 'flex-start' }} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
      {children}
    </Stack>
  );
};
