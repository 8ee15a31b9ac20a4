import Button from '@mui/material/Button';
import { useFormContext, useWatch } from 'react-hook-form';
import { canEditHotlineNumber } from '@domain/request/rules';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useMessageToDeclarantMutation } from '../../api/hotline-api';
import { useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';

/**
 * 'Отправить сообщение заявителю' (requests.md 2.4, 8): the message field's text goes by e-mail to
 * the registered contact or the unregistered applicant; 'Сообщение заявителю отправлено' on success.
 */
export const DeclarantMessageButton = () => {
  const { view, busy, runHotline } = useRequestEdit();
  const rights = useAppSelector(selectRights);
  const { control } = useFormContext<RequestFormValues>();
  const message = useWatch({ control, name: 'instructed_person' });
  const [send, state] = useMessageToDeclarantMutation();
  if (!view || !canEditHotlineNumber(rights)) return null;
  const text = typeof message === 'string' ? message.trim() : '';
  return (
    <Button
      variant="outlined"
      disabled={busy || state.isLoading || !text}
      onClick={() =>
        void runHotline(async (current) => {
          await send({ requestId: current.id, message: text });
          return null;
        })
      }
    >
      Отправить сообщение заявителю
    </Button>
  );
};
