import AddIcon from '@mui/icons-material/Add';
import { Box, Fab, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '@/config/constants';

export interface ListScreenHeaderProps {
  readonly title: string;
  /** The list's item count ('Всего: N'), or its own words; null while it loads; none without it. */
  readonly count?: number | string | null;
  /** The round add button, shown when given (the caller decides by its rights). */
  readonly onAdd?: (() => void) | null;
  /** Further buttons (export, …), placed right before the add button. */
  readonly actions?: ReactNode;
}

/** The head of a reference or administration list: title, 'Всего: N', the actions and the round add button. */
export const ListScreenHeader = ({ title, count, onAdd, actions }: ListScreenHeaderProps) => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    {count !== undefined && (
      <Typography color="text.secondary" data-testid="items-count" aria-live="polite">
        {count === null ? 'Загрузка…' : typeof count === 'string' ? count : `Всего: ${count}`}
      </Typography>
    )}
    <Box sx={{ ml: 'auto !important', display: 'flex', gap: 1.5, alignItems: 'center' }}>
      {actions}
      {onAdd && (
        <Tooltip title="Добавить" enterDelay={TOOLTIP_DELAY_MS}>
          <Fab color="primary" size="small" aria-label="Добавить" onClick={onAdd}>
            <AddIcon />
          </Fab>
        </Tooltip>
      )}
    </Box>
  </Stack>
);
