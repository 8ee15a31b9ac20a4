import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { AppDialog } from './app-dialog';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly text: ReactNode;
  readonly title?: ReactNode;
  readonly confirmText?: string;
  readonly cancelText?: string;
  /** Shown only together with onBack. */
  readonly backText?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** A third answer ('Вернуться'): leave the question without choosing. */
  readonly onBack?: () => void;
  /** While the confirmed action runs the buttons are disabled. */
  readonly busy?: boolean;
}

/** A yes/no question; the default buttons are 'Удалить' and 'Отменить' (requests.md 2.5). */
export const ConfirmDialog = ({
  open,
  text,
  title = 'Подтверждение',
  confirmText = 'Удалить',
  cancelText = 'Отменить',
  backText = 'Вернуться',
  onConfirm,
  onCancel,
  onBack,
  busy = false,
}: ConfirmDialogProps) => (
  <AppDialog
    open={open}
    title={title}
    onClose={onBack ?? onCancel}
    actions={
      <>
        <Button variant="contained" color="primary" onClick={onConfirm} disabled={busy}>
          {confirmText}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {cancelText}
        </Button>
        {onBack && (
          <Button onClick={onBack} disabled={busy}>
            {backText}
          </Button>
        )}
      </>
    }
  >
    <DialogContentText component="div">{text}</DialogContentText>
  </AppDialog>
);
