import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

/** One changed field (or an event of the object as a whole) within a save. */
export interface ChangeRow {
  readonly key: string | number;
  readonly field: string;
  readonly old: string;
  readonly new: string;
}

/** One save: its time and author, and what it changed. */
export interface ChangeGroup {
  readonly key: string;
  /** The time as the user reads it. */
  readonly at: string;
  readonly user: string;
  readonly rows: readonly ChangeRow[];
  /** Opens the object as it was right after this save; absent where there is no such view. */
  readonly onShow?: (() => void) | undefined;
}

/**
 * Items that share a time and an author, one group each, in the order given (one save writes
 * several rows at one moment).
 */
export const groupChanges = <T,>(items: readonly T[], at: (t: T) => string | null, user: (t: T) => string): Array<{ key: string; at: string | null; user: string; items: T[] }> => {
  const groups: Array<{ key: string; at: string | null; user: string; items: T[] }> = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.at === at(item) && last.user === user(item)) last.items.push(item);
    else groups.push({ key: `${groups.length}:${at(item) ?? ''}`, at: at(item), user: user(item), items: [item] });
  }
  return groups;
};

// Names and field titles wrap only between words; values (paths, long texts) may break anywhere.
const tableSx = {
  width: '100%',
  '& td, & th': { px: 1, verticalAlign: 'top' },
  '& td.value': { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  '& td.field': { overflowWrap: 'normal', wordBreak: 'normal', width: '30%' },
} as const;

export const SHOW_MOMENT = 'Как было в этот момент';

/**
 * A change history grouped by save: a heading row with the time, the author and one 'Как было в
 * этот момент' per save, then its fields with the old and the new value.
 */
export const ChangeHistoryTable = ({ groups }: { readonly groups: readonly ChangeGroup[] }) => (
  <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
    <Table size="small" aria-label="История" sx={tableSx}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Поле</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>Старое значение</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>Новое значение</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.map((g) => (
          <Fragment key={g.key}>
            <TableRow data-change-group={g.key} sx={{ backgroundColor: 'action.hover' }}>
              <TableCell component="th" scope="colgroup" colSpan={3} sx={{ py: 0.5 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {g.at}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
                    {g.user}
                  </Typography>
                  {g.onShow && (
                    <Button size="small" sx={{ ml: 'auto !important', py: 0, textTransform: 'none', whiteSpace: 'nowrap' }} onClick={g.onShow} aria-label={`${SHOW_MOMENT}: ${g.at}`}>
                      {SHOW_MOMENT}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
            {g.rows.map((r) => (
              <TableRow key={r.key} data-change-row="">
                <TableCell className="field">{r.field}</TableCell>
                <TableCell className="value">{r.old}</TableCell>
                <TableCell className="value">{r.new}</TableCell>
              </TableRow>
            ))}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
