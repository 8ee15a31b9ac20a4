import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { AppDialog } from './app-dialog';

/**
 * A dialog whose code is on its way: a frame at once, a spinner and the way out. Named 'Загрузка',
 * not as the dialog it stands for, which appears (with its own name) once it can be used.
 */
export const DialogLoading = ({ onClose }: { readonly onClose: () => void }) => (
  <AppDialog open title="Загрузка" actions={<Button onClick={onClose}>Закрыть</Button>}>
    <Stack sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress aria-label="Загрузка" />
    </Stack>
  </AppDialog>
);
