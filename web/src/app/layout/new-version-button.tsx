import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import Button from '@mui/material/Button';
import { CLIENT_VERSION } from '@/config/constants';
import { selectServerVersion } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/** Shown when the server answers with another version than this client was built as. */
export const NewVersionButton = () => {
  const serverVersion = useAppSelector(selectServerVersion);
  if (!serverVersion || serverVersion === CLIENT_VERSION) return null;
  return (
    <Button
      variant="contained"
      color="warning"
      size="small"
      startIcon={<SystemUpdateAltIcon />}
      onClick={() => window.location.reload()}
      title={`Версия сервера ${serverVersion}, версия страницы ${CLIENT_VERSION}`}
    >
      Доступна новая версия, нажмите для обновления
    </Button>
  );
};
