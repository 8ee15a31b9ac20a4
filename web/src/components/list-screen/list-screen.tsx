import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ListScreenHeader } from '../list-screen-header';
import { TablePager, type TablePagerProps } from '../table-pager';

export interface ListScreenProps {
  readonly title: string;
  /** The list's item count ('Всего: N'), or its own words; null while it loads; none without it. */
  readonly count?: number | string | null;
  /** The round add button, shown when given (the caller decides by its rights). */
  readonly onAdd?: (() => void) | null;
  /** Further buttons of the head (export, …). */
  readonly actions?: ReactNode;
  /** The filter controls, laid out in one wrapping row. */
  readonly filters?: ReactNode;
  /** The pager under the table, once the first page has come. */
  readonly pager?: TablePagerProps | null;
  /** The list itself (a DataTable). */
  readonly children: ReactNode;
  /** The screen's dialogs (edit, delete confirmation), outside the layout. */
  readonly dialogs?: ReactNode;
}

/**
 * The one layout of a reference or administration list (administration.md 4): head with title, count
 * and actions, filters, the table, the pager, then the dialogs.
 */
export const ListScreen = ({ title, count, onAdd, actions, filters, pager, children, dialogs }: ListScreenProps) => (
  <Box sx={{ p: { xs: 1, sm: 2 } }}>
    <Stack spacing={1.5}>
      <ListScreenHeader title={title} count={count} onAdd={onAdd} actions={actions} />
      {filters && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} role="search" aria-label="Фильтр">
          {filters}
        </Stack>
      )}
      {children}
      {pager && <TablePager {...pager} />}
    </Stack>
    {dialogs}
  </Box>
);
