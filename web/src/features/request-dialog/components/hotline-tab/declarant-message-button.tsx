import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useFormContext, useWatch } from 'react-hook-form';
import { declarantMessageRefusal, mayMessageDeclarants } from '@domain/request/declarant-message';
import { usePastMoment } from '@/components';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useMessageToDeclarantMutation } from '../../api/hotline-api';
import { useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';

/**
 * 'Отправить сообщение заявителю' (requests.md 2.4, 8): the message field's text goes by e-mail to
 * the registered contact or the unregistered applicant; 'Сообщение заявителю отправлено' on success.
 * Who may, on which request: the server's own rule (declarant-message.ts); refused, the button says why.
 * Not offered at a past moment.
 */
export const DeclarantMessageButton = () => {
  const { view, busy, runHotline } = useRequestEdit();
  const rights = useAppSelector(selectRights);
  const { control } = useFormContext<RequestFormValues>();
  const message = useWatch({ control, name: 'instructed_person' });
  const [send, state] = useMessageToDeclarantMutation();
  const past = usePastMoment();
  if (!view || past !== null || !mayMessageDeclarants(rights)) return null;
  const refusal = declarantMessageRefusal(view, rights);
  const text = typeof message === 'string' ? message.trim() : '';
  const button = (
    <Button
      variant="outlined"
      disabled={busy || state.isLoading || !text || refusal !== null}
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
  // A disabled button takes no pointer: the wrapper holds the tooltip that says why.
  return refusal ? (
    <Tooltip title={refusal.message}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
};
