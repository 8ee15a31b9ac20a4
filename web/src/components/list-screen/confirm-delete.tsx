import { ConfirmDialog } from '../confirm-dialog';

export interface ConfirmDeleteProps<Row> {
  /** The record asked about; null keeps the dialog closed. */
  readonly row: Row | null;
  readonly question: (row: Row) => string;
  readonly title?: string;
  /** The delete call (a mutation's unwrap); a failure is shown by the base query's red notice. */
  readonly remove: (row: Row) => Promise<unknown>;
  readonly busy: boolean;
  readonly onClose: () => void;
}

/** 'Удалить …?' for one record of a list: deletes on 'Удалить', closes either way. */
export const ConfirmDelete = <Row,>({ row, question, title, remove, busy, onClose }: ConfirmDeleteProps<Row>) => {
  const confirm = async () => {
    if (row === null) return;
    try {
      await remove(row);
    } catch {
      // The red notice is the base query's; the record stays.
    }
    onClose();
  };
  return <ConfirmDialog open={row !== null} title={title} text={row === null ? '' : question(row)} busy={busy} onConfirm={() => void confirm()} onCancel={onClose} />;
};
