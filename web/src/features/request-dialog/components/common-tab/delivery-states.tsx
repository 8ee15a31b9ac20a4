import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { deliveryMessages, type RequestDelivery } from '@domain/hotline/delivery';
import { usePastMoment } from '@/components';
import { api } from '@/lib/api';
import { useAppDispatch } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import { useRequestDeliveryQuery, useRetryDeliveryMutation } from '../../api/hotline-api';
import { Wide } from '../fields';

const labelOf = (i: RequestDelivery): string =>
  i.state === 'queued' ? deliveryMessages.queued : i.state === 'sent' ? deliveryMessages.sent(formatDateTime(i.updated_at)) : deliveryMessages.failed(i.error || deliveryMessages.unknownReason);

const colorOf = (i: RequestDelivery) => (i.state === 'failed' ? 'error' : i.state === 'queued' ? 'warning.main' : 'text.secondary');

/**
 * The delivery state of the request's hot line registration and mails, next to the hot line number:
 * "в очереди", "отправлено {дата}" or "не доставлено: {причина}" with 'Повторить' for those with the
 * right (the server says who: `can_retry`). Looked at again every few seconds while something is queued;
 * when the queue empties the request is read again, so a number the hot line gave meanwhile shows at once.
 * Today's deliveries: not shown at a past moment.
 */
export const DeliveryStates = ({ requestId }: { readonly requestId: number }) => {
  const past = usePastMoment() !== null;
  const { data } = useRequestDeliveryQuery(requestId, { skip: past });
  const queued = (data ?? []).some((i) => i.state === 'queued');
  useRequestDeliveryQuery(requestId, { pollingInterval: queued ? 5000 : 0, skip: !queued });
  const dispatch = useAppDispatch();
  const wasQueued = useRef(false);
  useEffect(() => {
    if (wasQueued.current && !queued) dispatch(api.util.invalidateTags([{ type: 'Request', id: requestId }]));
    wasQueued.current = queued;
  }, [queued, requestId, dispatch]);
  const [retry, state] = useRetryDeliveryMutation();
  if (past || !data || data.length === 0) return null;
  return (
    <Wide>
      <Stack spacing={0.5} data-testid="delivery-states">
        {data.map((i) => (
          <Stack key={i.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{i.title}:</Typography>
            <Typography variant="body2" color={colorOf(i)} data-testid="delivery-state">
              {labelOf(i)}
            </Typography>
            {i.can_retry && (
              <Button size="small" disabled={state.isLoading} onClick={() => void retry({ requestId, key: i.key })}>
                Повторить
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Wide>
  );
};
