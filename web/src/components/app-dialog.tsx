import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, type ReactNode } from 'react';
import { DIALOG_MAX_WIDTH, DIALOG_WIDTH_PX } from '@/config/constants';

export interface AppDialogProps {
  readonly open: boolean;
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** Buttons at the bottom. */
  readonly actions?: ReactNode;
  /** Closing by Escape, the backdrop or the cross; without it the dialog closes only by its buttons. */
  readonly onClose?: () => void;
  readonly fullScreen?: boolean;
}

/** The application's dialog: 700 px wide, at most 80% of the viewport (administration.md 9). */
export const AppDialog = ({ open, title, children, actions, onClose, fullScreen = false }: AppDialogProps) => {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: DIALOG_WIDTH_PX, maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: onClose ? 6 : 3 }}>
        {title}
        {onClose && (
          <IconButton aria-label="Закрыть" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
};
