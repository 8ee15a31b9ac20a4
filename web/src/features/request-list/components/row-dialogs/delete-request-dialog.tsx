import { ConfirmDialog } from '@/components';
import { useDeleteRequestMutation, type RequestRow } from '../../api/request-list-api';

export interface DeleteRequestDialogProps {
  /** The request to delete; null: the dialog is closed. */
  readonly row: RequestRow | null;
  readonly onClose: () => void;
}

/** 'Удалить заявку №N?' then DELETE /api/request/{id}; the server's 'Заявка удалена' shows in green. */
export const DeleteRequestDialog = ({ row, onClose }: DeleteRequestDialogProps) => {
  const [remove, { isLoading }] = useDeleteRequestMutation();
  const confirm = async () => {
    if (!row) return;
    const result = await remove(row.id);
    if ('data' in result) onClose();
  };
  return (
    <ConfirmDialog
      open={row !== null}
      text={row ? `Удалить заявку №${row.number ?? row.id}?` : ''}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
};
