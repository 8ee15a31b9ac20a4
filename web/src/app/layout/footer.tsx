import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_TITLE } from '@/config/constants';
import { useAppInfoQuery } from '@/features/app-info';

/** The footer: the application title and the support phone from the server's settings. */
export const Footer = () => {
  const { data } = useAppInfoQuery();
  return (
    <Box
      component="footer"
      sx={{ py: 1.5, px: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', display: 'flex', gap: 3, flexWrap: 'wrap' }}
    >
      <Typography variant="body2" color="text.secondary">
        {data?.title ?? APP_TITLE}
      </Typography>
      {data?.supportPhone && (
        <Typography variant="body2" color="text.secondary" data-testid="support-phone">
          Телефон поддержки: {data.supportPhone}
        </Typography>
      )}
    </Box>
  );
};
