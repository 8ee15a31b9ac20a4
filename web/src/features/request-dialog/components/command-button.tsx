import Button from '@mui/material/Button';
import type { RequestCommand } from '../api/request-dialog-api';
import { useRequestEdit } from '../model/edit-context';

export interface CommandButtonProps {
  readonly command: RequestCommand;
  readonly label: string;
  readonly variant?: 'contained' | 'outlined';
  /** Instead of running the command at once (e.g. choosing executors first). */
  readonly onClick?: () => void;
}

/** A button of the request, shown only while the server accepts the command (the view's `actions`). */
export const CommandButton = ({ command, label, variant = 'outlined', onClick }: CommandButtonProps) => {
  const { view, busy, runCommand } = useRequestEdit();
  if (!view?.actions.includes(command)) return null;
  return (
    <Button variant={variant} disabled={busy} onClick={onClick ?? (() => runCommand(command))}>
      {label}
    </Button>
  );
};
