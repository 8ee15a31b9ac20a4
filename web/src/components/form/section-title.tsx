import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a block inside a tab. */
export const SectionTitle = ({ children }: { readonly children: ReactNode }) => (
  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
    {children}
  </Typography>
);
