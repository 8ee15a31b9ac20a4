import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import type { RequestRow as Row } from '../../api/request-list-api';
import type { Column } from '../../model/columns';
import { RequestRow } from './request-row';

export interface RequestTableProps {
  readonly rows: readonly Row[];
  readonly columns: readonly Column[];
  /** № of the first row (page offset + 1). */
  readonly firstIndex: number;
  readonly loading: boolean;
  readonly onOpen: (id: number) => void;
  /** The buttons of a row's last column; absent when the user may use none. */
  readonly renderActions?: (row: Row) => ReactNode;
}

/** The request list table (requests.md 2.1). */
export const RequestTable = ({ rows, columns, firstIndex, loading, onOpen, renderActions }: RequestTableProps) => (
  <TableContainer component={Paper} variant="outlined">
    <LinearProgress sx={{ visibility: loading ? 'visible' : 'hidden' }} aria-hidden={!loading} />
    <Table size="small" aria-label="Список заявок" aria-busy={loading}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.key} sx={{ fontWeight: 600, width: c.width, verticalAlign: 'bottom' }}>
              {c.title}
            </TableCell>
          ))}
          {renderActions && (
            <TableCell sx={{ width: 96 }}>
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Действия</span>
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <RequestRow
            key={row.id}
            row={row}
            index={firstIndex + i}
            columns={columns}
            onOpen={onOpen}
            actions={renderActions ? renderActions(row) : null}
          />
        ))}
        {rows.length === 0 && !loading && (
          <TableRow>
            <TableCell colSpan={columns.length + (renderActions ? 1 : 0)} align="center" sx={{ py: 4, color: 'text.secondary' }}>
              Заявки не найдены
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  </TableContainer>
);
