import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

export interface DialogButtonsProps {
  readonly isNew: boolean;
  readonly busy: boolean;
  /** The server accepts these now (the view's `actions`). */
  readonly actions: ReadonlySet<string>;
  /** Why this user may not recall a request others may recall now; null: nothing to explain. */
  readonly recallLockedReason: string | null;
  readonly mayCreate: boolean;
  readonly onRecall: () => void;
  readonly onNewRequest: () => void;
  readonly onSave: () => void;
  readonly onCreate: () => void;
  readonly onCreateAndClose: () => void;
  readonly onClose: () => void;
}

/**
 * The dialog's buttons (requests.md 2.4); a button is offered only when the server accepts it now,
 * except the recall, shown disabled with its reason to a user who may not recall (decisions 33–40).
 */
export const DialogButtons = ({ isNew, busy, actions, recallLockedReason, mayCreate, onRecall, onNewRequest, onSave, onCreate, onCreateAndClose, onClose }: DialogButtonsProps) => (
  <>
    {!isNew && actions.has('recall') && (
      <Button color="warning" onClick={onRecall} disabled={busy}>
        Отозвать заявку
      </Button>
    )}
    {!isNew && !actions.has('recall') && recallLockedReason !== null && (
      // A disabled button takes no pointer: the wrapper holds the tooltip that says why.
      <Tooltip title={recallLockedReason}>
        <span>
          <Button color="warning" disabled>
            Отозвать заявку
          </Button>
        </span>
      </Tooltip>
    )}
    <Box sx={{ flexGrow: 1 }} />
    {!isNew && mayCreate && (
      <Button onClick={onNewRequest} disabled={busy}>
        Новая заявка
      </Button>
    )}
    {isNew ? (
      <>
        <Button variant="contained" onClick={onCreate} disabled={busy}>
          Создать
        </Button>
        <Button variant="contained" onClick={onCreateAndClose} disabled={busy}>
          Создать и закрыть
        </Button>
      </>
    ) : (
      actions.has('save') && (
        <Button variant="contained" onClick={onSave} disabled={busy}>
          Сохранить
        </Button>
      )
    )}
    <Button onClick={onClose} disabled={busy}>
      Закрыть
    </Button>
  </>
);
