import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { requestFieldTitles } from '@domain/request/history';
import { formatDateTime } from '@/utils/format';
import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import { FormTextField, ReadOnlyField } from '../fields';

/** Number and registration date (given by the server), and the hot line number with 'Добавить на ГЛ'. */
export const NumberFields = () => {
  const { view } = useRequestEdit();
  const mayEditNumber = useIsEditable('hotlinegas_number');
  return (
    <>
      {view && (
        <>
          <ReadOnlyField label={requestFieldTitles.number} value={view.number != null ? String(view.number) : ''} />
          <ReadOnlyField label={requestFieldTitles.request_date_add} value={formatDateTime(view.request_date_add)} />
        </>
      )}
      <FormTextField name="hotlinegas_number" label={requestFieldTitles.hotlinegas_number} />
      {mayEditNumber ? (
        <Tooltip title="Регистрация на ГЛ будет доступна позже" enterDelay={TOOLTIP_DELAY_MS}>
          <span>
            <Button variant="outlined" disabled sx={{ height: 56 }}>
              Добавить на ГЛ
            </Button>
          </span>
        </Tooltip>
      ) : (
        <span />
      )}
    </>
  );
};
