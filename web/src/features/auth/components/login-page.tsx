import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { APP_TITLE } from '@/config/constants';
import { LoginForm } from './login-form';

/** /login (administration.md 2.5). */
export const LoginPage = () => {
  const navigate = useNavigate();
  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Card variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Вход в систему
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {APP_TITLE}
          </Typography>
          <LoginForm onSignedIn={() => void navigate('/', { replace: true })} />
        </CardContent>
      </Card>
    </Container>
  );
};
