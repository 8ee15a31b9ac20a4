import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import type { Density } from './density';
import type { RegistryTableConfig } from './registry-table-config';
import { RegistryRow } from './registry-row';

export interface RegistryTableProps<Row> {
  readonly config: RegistryTableConfig<Row>;
  readonly rows: readonly Row[];
  /** № of the first row (page offset + 1). */
  readonly firstIndex: number;
  readonly loading: boolean;
  readonly onOpen: (row: Row) => void;
  /** The buttons of a row's last column; absent when the user may use none. */
  readonly renderActions?: (row: Row) => ReactNode;
  /** Compact (one-line rows) unless given. */
  readonly density?: Density;
}

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * The one place a registry table's look is chosen: columns as wide as their content (the table
 * scrolls inside its container when they do not fit), headers wrapped only between words, narrow
 * padding; compact rows are one line (registry-row.tsx).
 */
const headerSx = { fontWeight: 600, verticalAlign: 'bottom', whiteSpace: 'normal', wordBreak: 'normal', overflowWrap: 'normal', hyphens: 'manual' } as const;
const tableSx = { '& td, & th': { px: 1 } } as const;
const compactTableSx = { '& td, & th': { px: 0.75, fontSize: '0.8125rem' } } as const;
const compactHeaderSx = { ...headerSx, py: 0.5, lineHeight: 1.3 } as const;
// The hidden name stays inside the cell: placed against the page, it would widen the page, not the table's scroll.
const actionsHeaderSx = { position: 'relative' } as const;

/** A registry's page of rows: a progress line while loading, the empty text when nothing is found. */
export const RegistryTable = <Row,>({ config, rows, firstIndex, loading, onOpen, renderActions, density = 'compact' }: RegistryTableProps<Row>) => {
  const compact = density === 'compact';
  return (
    <TableContainer component={Paper} variant="outlined">
      <LinearProgress sx={{ visibility: loading ? 'visible' : 'hidden' }} aria-hidden={!loading} />
      <Table size="small" aria-label={config.label} aria-busy={loading} sx={compact ? compactTableSx : tableSx} data-density={density}>
        <TableHead>
          <TableRow>
            {config.columns.map((c) => (
              <TableCell key={c.key} sx={compact ? compactHeaderSx : { ...headerSx, width: c.width }}>
                {c.title}
              </TableCell>
            ))}
            {renderActions && (
              <TableCell sx={compact ? { ...compactHeaderSx, ...actionsHeaderSx } : { ...actionsHeaderSx, width: config.actionsWidth ?? 96 }}>
                <span style={hidden}>Действия</span>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <RegistryRow
              key={config.rowId(row)}
              config={config}
              row={row}
              index={firstIndex + i}
              onOpen={onOpen}
              actions={renderActions ? renderActions(row) : null}
              density={density}
            />
          ))}
          {rows.length === 0 && !loading && (
            <TableRow>
              <TableCell colSpan={config.columns.length + (renderActions ? 1 : 0)} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {config.emptyText}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
