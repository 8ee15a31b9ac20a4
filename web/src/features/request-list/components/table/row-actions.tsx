import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
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
      <Tooltip title="Изменить номер или дату" enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton size="small" aria-label={`Изменить номер или дату заявки ${label(row)}`} onClick={() => onChangeNumber(row)}>
          <EditCalendarIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    )}
    {onDelete && (
      <Tooltip title="Удалить заявку" enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton size="small" aria-label={`Удалить заявку ${label(row)}`} onClick={() => onDelete(row)}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    )}
  </>
);
