import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '@/config/constants';

export interface RowActionProps {
  /** The tooltip ('Удалить'). */
  readonly title: string;
  /** The button's accessible name, naming the row ('Удалить заявку №12'). */
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick: () => void;
}

/** A small icon button at the end of a row (its column stops the row's own click). */
export const RowAction = ({ title, label, icon, onClick }: RowActionProps) => (
  <Tooltip title={title} enterDelay={TOOLTIP_DELAY_MS}>
    <IconButton size="small" aria-label={label} onClick={onClick}>
      {icon}
    </IconButton>
  </Tooltip>
);
