import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { RequestRow as Row } from '../../api/request-list-api';
import type { Column } from '../../model/columns';
import { rowTint } from '../../model/row-tint';

export interface RequestRowProps {
  readonly row: Row;
  /** The row's place in the whole filtered list (column №). */
  readonly index: number;
  readonly columns: readonly Column[];
  readonly onOpen: (id: number) => void;
  /** Buttons of the last column (delete, change number/date); null: no such column. */
  readonly actions: ReactNode | null;
}

/** Text the user selected inside this element: then a click is a selection, not an opening. */
const hasSelectionIn = (element: HTMLElement): boolean => {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.toString().trim() === '') return false;
  return selection.containsNode(element, true);
};

/**
 * How long a click waits before opening: a double click selects a word, and its first click must not
 * open the dialog before the second one makes the selection (requests.md 2.1, issue 19).
 */
export const OPEN_AFTER_CLICK_MS = 250;

/** One request: tinted by kind or status, opens the request dialog on click (not after selecting text). */
export const RequestRow = ({ row, index, columns, onOpen, actions }: RequestRowProps) => {
  const tint = rowTint(row.request_kind_id, row.request_status_id);
  const pending = useRef<number | null>(null);
  const cancelPending = () => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancelPending, []);
  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    cancelPending();
    // The second click of a double click (or a triple click) selects text: never an opening.
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
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={open}
      onKeyDown={openByKey}
      data-request-id={row.id}
      data-tint={tint.name}
      aria-label={`Заявка ${row.number ?? ''}`.trim()}
      sx={{
        cursor: 'pointer',
        backgroundColor: tint.background,
        boxShadow: `inset 4px 0 0 ${tint.edge}`,
        '&.MuiTableRow-hover:hover': { backgroundColor: tint.background, filter: 'brightness(0.96)' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      {columns.map((column) => (
        <TableCell key={column.key} sx={column.key === 'text' ? { whiteSpace: 'pre-line', wordBreak: 'break-word' } : undefined}>
          {column.key === 'text' ? <ClampedText text={column.value(row, index)} /> : column.value(row, index)}
        </TableCell>
      ))}
      {actions !== null && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
          {actions}
        </TableCell>
      )}
    </TableRow>
  );
};

/** Long descriptions show three lines; the whole text is in the tooltip and in the dialog. */
const ClampedText = ({ text }: { readonly text: string }) => (
  <span title={text} style={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
    {text}
  </span>
);
