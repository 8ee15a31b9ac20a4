import type { SxProps, Theme } from '@mui/material/styles';
import { Highlighted } from './search-highlight';
import type { CSSProperties } from 'react';
import type { CellLayout } from './types';

/**
 * Text a registry cell shows. Every cell's words pass through here (the default cells, the clamped
 * ones and a column's own `render`), so a rule about a cell's words lives in one place.
 */
export const CellText = ({ text }: { readonly text: string }) => <>{text}</>;

/** Long text: three lines, the list search's words marked; the whole text is in the tooltip and in the row's dialog. */
export const ClampedText = ({ text }: { readonly text: string }) => (
  <span title={text} style={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
    <Highlighted text={text} />
  </span>
);

const oneLine: CSSProperties = { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

/**
 * A compact cell: one line (the text's own line breaks become commas), cut with '…' at `maxWidth`
 * or at its column's width; the whole text is in the tooltip (plain) and in the row's dialog.
 * `marked`: the column marks the list search's words in the normal density, so the one line marks them too.
 */
export const OneLineText = ({ text, maxWidth, marked = false }: { readonly text: string; readonly maxWidth?: number; readonly marked?: boolean }) => {
  const line = text.replace(/\s*\n\s*/g, ', ');
  return (
    <span title={line || undefined} style={maxWidth === undefined ? oneLine : { ...oneLine, maxWidth }}>
      {marked ? <Highlighted text={line} /> : <CellText text={line} />}
    </span>
  );
};

const cellSx: Readonly<Record<CellLayout, SxProps<Theme> | undefined>> = {
  plain: undefined,
  nowrap: { whiteSpace: 'nowrap' },
  lines: { whiteSpace: 'pre-line', overflowWrap: 'break-word' },
  clamp: { whiteSpace: 'pre-line', wordBreak: 'break-word' },
};

/** The cell's style for its layout. */
export const cellSxOf = (layout: CellLayout = 'plain') => cellSx[layout];
