import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import type { ToolRow as Row } from '../../api/tool-list-api';
import type { Column } from '../../model/columns';

export interface ToolRowProps {
  readonly row: Row;
  /** The row's place in the whole filtered list (column №). */
  readonly index: number;
  readonly columns: readonly Column[];
  readonly onOpen: (id: number) => void;
  /** Copy and delete: present only with RIGHT_TOOLS_WRITE FULL. */
  readonly onCopy?: (row: Row) => void;
  readonly onDelete?: (row: Row) => void;
}

/** Text the user selected inside this element: then a click is a selection, not an opening. */
const hasSelectionIn = (element: HTMLElement): boolean => {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.toString().trim() === '') return false;
  return selection.containsNode(element, true);
};

/**
 * How long a click waits before opening: a double click selects a word, and its first click must
 * not open the card before the second one makes the selection (as the request list, issue 19).
 */
export const OPEN_AFTER_CLICK_MS = 250;

const label = (row: Row) => [row.tool_kind, row.model, row.serial_number ? `с/н ${row.serial_number}` : null].filter(Boolean).join(' ') || `id ${row.id}`;

/** Short values that read badly when broken. */
const nowrap: ReadonlySet<string> = new Set(['index', 'workIn']);

/** The object first; its region and address under it, smaller. */
const Place = ({ row }: { readonly row: Row }) => (
  <>
    {row.unit_name ?? ''}
    {(row.region_title ?? row.unit_address) && (
      <Typography variant="caption" component="div" color="text.secondary">
        {[row.region_title, row.unit_address].filter(Boolean).join(', ')}
      </Typography>
    )}
  </>
);

/** One tool: opens the card on click (not after selecting text), copy and delete at the end. */
export const ToolRow = ({ row, index, columns, onOpen, onCopy, onDelete }: ToolRowProps) => {
  const pending = useRef<number | null>(null);
  const cancelPending = () => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancelPending, []);
  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    cancelPending();
    if (event.detail > 1) return;
    const element = event.currentTarget;
    if (hasSelectionIn(element)) return;
    pending.current = window.setTimeout(() => {
      pending.current = null;
      if (!hasSelectionIn(element)) onOpen(row.id);
    }, OPEN_AFTER_CLICK_MS);
  };
  const openByKey = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onOpen(row.id);
  };
  const withActions = Boolean(onCopy ?? onDelete);
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={open}
      onKeyDown={openByKey}
      data-tool-id={row.id}
      aria-label={`Оборудование ${label(row)}`}
      sx={{ cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      {columns.map((column) => (
        <TableCell key={column.key} sx={nowrap.has(column.key) ? { whiteSpace: 'nowrap' } : { whiteSpace: 'pre-line', overflowWrap: 'break-word' }}>
          {column.key === 'place' ? <Place row={row} /> : column.value(row, index)}
        </TableCell>
      ))}
      {withActions && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
          {onCopy && (
            <Tooltip title="Копировать" enterDelay={TOOLTIP_DELAY_MS}>
              <IconButton size="small" aria-label={`Копировать ${label(row)}`} onClick={() => onCopy(row)}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title="Удалить" enterDelay={TOOLTIP_DELAY_MS}>
              <IconButton size="small" aria-label={`Удалить ${label(row)}`} onClick={() => onDelete(row)}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      )}
    </TableRow>
  );
};
