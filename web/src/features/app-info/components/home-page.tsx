import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { APP_TITLE, CLIENT_VERSION } from '@/config/constants';
import { paths } from '@/config/paths';
import { selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDate } from '@/utils/format';
import { useAppInfoQuery } from '../api/app-info-api';

/** / : the system's title, version and date; guests are invited to sign in. */
export const HomePage = () => {
  const { data } = useAppInfoQuery();
  const signedIn = useAppSelector(selectIsSignedIn);
  const version = data?.version ?? CLIENT_VERSION;
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h4" component="h1">
            {data?.title ?? APP_TITLE}
          </Typography>
          <Typography color="text.secondary" data-testid="home-version">
            Версия {version}
            {data?.date ? ` от ${formatDate(data.date)}` : ''}
          </Typography>
          {!signedIn && (
            <Button component={RouterLink} to={paths.login} variant="contained" size="large">
              Войти в систему
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
};
