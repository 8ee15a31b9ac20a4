import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

/**
 * The card's dialog: 1500 px wide (at most 95% of the window) and persistent (equipment.md 2): without
 * an onClose neither the backdrop nor Escape closes it, only its buttons. On a phone (below the `sm`
 * breakpoint) it takes the whole screen: the card is opened from a label's QR code next to the unit.
 */
export const WideDialog = ({ title, children, actions, width = 1500 }: { readonly title: ReactNode; readonly children: ReactNode; readonly actions: ReactNode; readonly width?: number }) => {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open fullScreen={phone} maxWidth={false} aria-labelledby={titleId} slotProps={{ paper: { sx: phone ? {} : { width, maxWidth: '95vw' } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: '60vh', px: { xs: 1, sm: 3 } }}>
        {children}
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
};
