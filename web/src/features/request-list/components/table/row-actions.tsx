import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { RowAction } from '@/components/registry-list';
import type { RequestRow } from '../../api/request-list-api';

export interface RowActionsProps {
  readonly row: RequestRow;
  /** RIGHT_REQUEST_EDIT_NUMBER FULL. */
  readonly onChangeNumber?: (row: RequestRow) => void;
  /** RIGHT_REQUEST_DELETE FULL. */
  readonly onDelete?: (row: RequestRow) => void;
}

const label = (row: RequestRow) => (row.number === null ? `id ${row.id}` : `№${row.number}`);

/** The buttons at the end of a row; each is there only with its right. */
export const RowActions = ({ row, onChangeNumber, onDelete }: RowActionsProps) => (
  <>
    {onChangeNumber && (
      <RowAction
        title="Изменить номер или дату"
        label={`Изменить номер или дату заявки ${label(row)}`}
        icon={<EditCalendarIcon fontSize="small" />}
        onClick={() => onChangeNumber(row)}
      />
    )}
    {onDelete && <RowAction title="Удалить заявку" label={`Удалить заявку ${label(row)}`} icon={<DeleteOutlinedIcon fontSize="small" />} onClick={() => onDelete(row)} />}
  </>
);
