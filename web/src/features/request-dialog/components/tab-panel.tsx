import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { RequestDialogTab } from '../model/tabs';

/**
 * A tab's content. The form's tabs stay mounted while hidden, so what the user typed (even a
 * half-typed date) stays as it is when they look at another tab.
 */
export const TabPanel = ({ tab, active, children }: { readonly tab: RequestDialogTab; readonly active: boolean; readonly children: ReactNode }) => (
  <Box role="tabpanel" id={`request-tab-${tab}`} aria-labelledby={`request-tab-button-${tab}`} hidden={!active} sx={{ pt: 2 }}>
    {children}
  </Box>
);
