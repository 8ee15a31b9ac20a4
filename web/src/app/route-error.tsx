import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '@/lib/lazy';

/** Shown instead of a screen that failed to load or to draw. */
export const RouteError = () => {
  const error = useRouteError();
  const text =
    error instanceof ChunkLoadError
      ? 'Не удалось загрузить часть приложения. Проверьте соединение и перегрузите страницу.'
      : 'При отображении страницы произошла ошибка. Перегрузите страницу.';
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Перегрузить
          </Button>
        }
      >
        {text}
      </Alert>
    </Container>
  );
};
