import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { AppDialog } from '../app-dialog';

export interface DialogFooterProps {
  /** Only 'Закрыть' (no edit right, or the record is locked). */
  readonly readOnly?: boolean;
  /** While the save runs: no save, no cancel. */
  readonly busy?: boolean;
  readonly saveDisabled?: boolean;
  readonly saveText?: string;
  readonly cancelText?: string;
  readonly onSave: () => void;
  readonly onClose: () => void;
}

/** The buttons of an edit dialog: 'Сохранить' and 'Отменить', or 'Закрыть' when read-only. */
export const DialogFooter = ({ readOnly = false, busy = false, saveDisabled = false, saveText = 'Сохранить', cancelText = 'Отменить', onSave, onClose }: DialogFooterProps) =>
  readOnly ? (
    <Button onClick={onClose}>Закрыть</Button>
  ) : (
    <>
      <Button variant="contained" onClick={onSave} disabled={busy || saveDisabled}>
        {saveText}
      </Button>
      <Button onClick={onClose} disabled={busy}>
        {cancelText}
      </Button>
    </>
  );

export interface EditDialogProps extends DialogFooterProps {
  readonly title: ReactNode;
  readonly children: ReactNode;
}

/** An add/edit dialog of a list: open while mounted; Escape and the cross close it unless a save runs. */
export const EditDialog = ({ title, children, ...footer }: EditDialogProps) => (
  <AppDialog open title={title} onClose={footer.busy ? undefined : footer.onClose} actions={<DialogFooter {...footer} />}>
    {children}
  </AppDialog>
);
