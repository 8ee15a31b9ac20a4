import { ConfirmDialog } from '@/components';
import { useDeleteToolFromListMutation, type ToolRow } from '../api/tool-list-api';

export interface DeleteToolDialogProps {
  /** The tool to delete; null: the dialog is closed. */
  readonly row: ToolRow | null;
  readonly onClose: () => void;
}

/** 'Удалить оборудование?' then DELETE /api/tool/{id}; the server's message shows as a notice. */
export const DeleteToolDialog = ({ row, onClose }: DeleteToolDialogProps) => {
  const [remove, { isLoading }] = useDeleteToolFromListMutation();
  const confirm = async () => {
    if (!row) return;
    const result = await remove(row.id);
    if ('data' in result) onClose();
  };
  const what = row ? [row.tool_kind, row.model, row.serial_number ? `с/н ${row.serial_number}` : null].filter(Boolean).join(', ') : '';
  return (
    <ConfirmDialog
      open={row !== null}
      text={what ? `Удалить оборудование (${what})?` : 'Удалить оборудование?'}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
};
