import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Navigate, useParams } from 'react-router';
import { FullScreenSpinner } from '@/components';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth';
import { selectSession } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/**
 * `/tools/{id}`, the address a label's QR code holds: a signed-in user goes to the card
 * (`/tools?open={id}`, where the list's rules and scope apply); anyone else signs in here first and
 * then goes on to the same card, so the target survives the sign-in.
 */
export const ToolAddressPage = () => {
  const { id = '' } = useParams();
  const session = useAppSelector(selectSession);
  if (!/^\d{1,10}$/.test(id)) return <Navigate to={paths.tools} replace />;
  if (session.status === 'restoring') return <FullScreenSpinner />;
  if (session.status === 'signedIn') return <Navigate to={`${paths.tools}?open=${id}`} replace />;
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 2, sm: 6 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Вход в систему
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            Войдите, чтобы открыть карточку оборудования
          </Typography>
          <LoginForm onSignedIn={() => undefined} />
        </CardContent>
      </Card>
    </Container>
  );
};
