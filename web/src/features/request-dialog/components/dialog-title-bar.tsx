import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDate } from '@domain/shared/dates';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import type { RequestView } from '../api/types';

export interface DialogTitleBarProps {
  readonly view: RequestView | null;
  readonly fullScreen: boolean;
  readonly onToggleFullScreen: () => void;
}

/** Number, date, kind, status and executors; 'Ожидание регистрации' before the request has a number. */
export const requestTitle = (view: RequestView | null): string =>
  view === null
    ? 'Ожидание регистрации'
    : `Заявка № ${view.number ?? ''} от ${formatDate(view.request_date_add)} · ${view.kindTitle} · ${view.statusTitle}`;

export const DialogTitleBar = ({ view, fullScreen, onToggleFullScreen }: DialogTitleBarProps) => {
  const executors = view?.engineers.map((e) => e.fio ?? `№ ${e.id}`).join(', ') ?? '';
  const toggle = fullScreen ? 'Свернуть' : 'Развернуть на весь экран';
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="span" data-testid="request-dialog-title">
          {requestTitle(view)}
        </Typography>
        {view && (
          <Typography variant="body2" color="text.secondary" data-testid="request-dialog-executors">
            Исполнители: {executors || 'не назначены'}
          </Typography>
        )}
      </Box>
      <Tooltip title={toggle} enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton aria-label={toggle} onClick={onToggleFullScreen} size="small">
          {fullScreen ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
        </IconButton>
      </Tooltip>
    </Box>
  );
};
