import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Covers the page while something the whole screen waits for is loading. */
export const FullScreenSpinner = () => (
  <Box
    data-testid="full-screen-spinner"
    sx={{
      position: 'fixed',
      inset: 0,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      bgcolor: 'rgba(255, 255, 255, 0.7)',
      zIndex: (theme) => theme.zIndex.modal + 1,
    }}
  >
    <CircularProgress aria-label="Загрузка" size={56} />
  </Box>
);
