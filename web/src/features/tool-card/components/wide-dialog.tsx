import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

/**
 * The card's dialog: 1500 px wide (at most 95% of the window) and persistent (equipment.md 2): without
 * an onClose neither the backdrop nor Escape closes it, only its buttons.
 */
export const WideDialog = ({ title, children, actions, width = 1500 }: { readonly title: ReactNode; readonly children: ReactNode; readonly actions: ReactNode; readonly width?: number }) => {
  const titleId = useId();
  return (
    <Dialog open maxWidth={false} aria-labelledby={titleId} slotProps={{ paper: { sx: { width, maxWidth: '95vw' } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: '60vh' }}>
        {children}
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
};
