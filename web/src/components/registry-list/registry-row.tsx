import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { cellSxOf, CellText, ClampedText, OneLineText } from './cell-text';
import type { Density } from './density';
import type { RegistryTableConfig } from './registry-table-config';
import { Highlighted } from './search-highlight';
import type { RegistryColumn } from './types';
import { useRowOpen } from './use-row-open';

export interface RegistryRowProps<Row> {
  readonly config: RegistryTableConfig<Row>;
  readonly row: Row;
  /** The row's place in the whole filtered list (column №). */
  readonly index: number;
  readonly onOpen: (row: Row) => void;
  /** The buttons of the last column; null: the table has no such column. */
  readonly actions: ReactNode | null;
  readonly density: Density;
}

const cellOf = <Row,>(column: RegistryColumn<Row>, row: Row, index: number, density: Density): ReactNode => {
  const marked = column.cell === 'clamp' || column.searched === true;
  if (density === 'compact') {
    return <OneLineText text={column.line?.(row) ?? column.value(row, index)} maxWidth={column.fill ? undefined : column.maxWidth} marked={marked} />;
  }
  if (column.render) return column.render(row, index);
  const text = column.value(row, index);
  if (column.cell === 'clamp') return <ClampedText text={text} />;
  return marked ? <Highlighted text={text} /> : <CellText text={text} />;
};

/** The column taking the rest of the width: compact cuts its text there instead of widening the table. */
const fillSx = { width: '100%', maxWidth: 0, minWidth: 120 } as const;
const compactSx = { py: 0.5 } as const;

/** One row: opens its dialog on a click (not after selecting text) or Enter; tinted when the list tints rows. */
export const RegistryRow = <Row,>({ config, row, index, onOpen, actions, density }: RegistryRowProps<Row>) => {
  const open = useRowOpen(() => onOpen(row));
  const tint = config.rowTint?.(row);
  const compact = density === 'compact';
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={open.onClick}
      onKeyDown={open.onKeyDown}
      {...config.rowData?.(row)}
      data-tint={tint?.name}
      aria-label={config.rowLabel(row)}
      sx={{
        cursor: 'pointer',
        ...(tint && {
          backgroundColor: tint.background,
          boxShadow: `inset 4px 0 0 ${tint.edge}`,
          '&.MuiTableRow-hover:hover': { backgroundColor: tint.background, filter: 'brightness(0.96)' },
        }),
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      {config.columns.map((column) => (
        <TableCell key={column.key} sx={compact ? (column.fill ? { ...compactSx, ...fillSx } : compactSx) : cellSxOf(column.cell)}>
          {cellOf(column, row, index, density)}
        </TableCell>
      ))}
      {actions !== null && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...(compact && { py: 0 }) }} onClick={(e) => e.stopPropagation()}>
          {actions}
        </TableCell>
      )}
    </TableRow>
  );
};
