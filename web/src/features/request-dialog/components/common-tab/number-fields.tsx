import { requestFieldTitles } from '@domain/request/history';
import { formatDateTime } from '@/utils/format';
import { useRequestEdit } from '../../model/edit-context';
import { FormTextField, ReadOnlyField } from '../fields';
import { DeliveryStates } from './delivery-states';
import { HotlineRegisterButton } from './hotline-register-button';

/** Number and registration date (given by the server), and the hot line number with 'Добавить на ГЛ'. */
export const NumberFields = () => {
  const { view } = useRequestEdit();
  return (
    <>
      {view && (
        <>
          <ReadOnlyField label={requestFieldTitles.number} value={view.number != null ? String(view.number) : ''} />
          <ReadOnlyField label={requestFieldTitles.request_date_add} value={formatDateTime(view.request_date_add)} />
        </>
      )}
      <FormTextField name="hotlinegas_number" label={requestFieldTitles.hotlinegas_number} />
      {view ? <HotlineRegisterButton /> : <span />}
      {view && <DeliveryStates requestId={view.id} />}
    </>
  );
};
