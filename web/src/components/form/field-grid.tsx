import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Fields two in a row (one on a narrow dialog); `wide` children span the row. */
export const FieldGrid = ({ children }: { readonly children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>{children}</Box>
);

export const Wide = ({ children }: { readonly children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
