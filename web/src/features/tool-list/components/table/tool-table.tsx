import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ToolRow as Row } from '../../api/tool-list-api';
import type { Column } from '../../model/columns';
import { ToolRow } from './tool-row';

export interface ToolTableProps {
  readonly rows: readonly Row[];
  readonly columns: readonly Column[];
  /** № of the first row (page offset + 1). */
  readonly firstIndex: number;
  readonly loading: boolean;
  readonly onOpen: (id: number) => void;
  readonly onCopy?: (row: Row) => void;
  readonly onDelete?: (row: Row) => void;
}

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** The equipment table (equipment.md 2 '/tools'). */
export const ToolTable = ({ rows, columns, firstIndex, loading, onOpen, onCopy, onDelete }: ToolTableProps) => {
  const withActions = Boolean(onCopy ?? onDelete);
  return (
    <TableContainer component={Paper} variant="outlined">
      <LinearProgress sx={{ visibility: loading ? 'visible' : 'hidden' }} aria-hidden={!loading} />
      <Table size="small" aria-label="Список оборудования" aria-busy={loading} sx={{ tableLayout: 'fixed', '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} sx={{ fontWeight: 600, width: c.width, verticalAlign: 'bottom', overflowWrap: 'break-word', hyphens: 'auto' }}>
                {c.title}
              </TableCell>
            ))}
            {withActions && (
              <TableCell sx={{ width: 88 }}>
                <span style={hidden}>Действия</span>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <ToolRow key={row.id} row={row} index={firstIndex + i} columns={columns} onOpen={onOpen} onCopy={onCopy} onDelete={onDelete} />
          ))}
          {rows.length === 0 && !loading && (
            <TableRow>
              <TableCell colSpan={columns.length + (withActions ? 1 : 0)} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                Оборудование не найдено
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
