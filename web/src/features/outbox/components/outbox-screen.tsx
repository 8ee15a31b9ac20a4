import Button from '@mui/material/Button';
import { useState } from 'react';
import { canRetryOutbox, outboxKindTitles, outboxStatusTitles, type OutboxItem, type OutboxStatus } from '@domain/hotline/keys';
import { DataTable, FilterSelect, ListScreen, type DataColumn } from '@/components';
import { formatDateTime } from '@/utils/format';
import { useOutboxQuery, useRetryOutboxMutation } from '../api/outbox-api';

const statusOptions = (Object.keys(outboxStatusTitles) as OutboxStatus[]).map((s) => ({ value: s, label: outboxStatusTitles[s] }));

const columns: readonly DataColumn<OutboxItem>[] = [
  { key: 'date', header: 'Дата', cell: (i) => formatDateTime(i.created_at) },
  { key: 'kind', header: 'Вид', cell: (i) => outboxKindTitles[i.kind] ?? i.kind },
  { key: 'request', header: 'Заявка', cell: (i) => i.request_id ?? '' },
  { key: 'status', header: 'Состояние', cell: (i) => outboxStatusTitles[i.status] ?? i.status },
  { key: 'attempts', header: 'Попыток', cell: (i) => i.attempts },
  { key: 'result', header: 'Результат или ошибка', sx: { maxWidth: 420, overflowWrap: 'anywhere' }, cell: (i) => i.error ?? i.result ?? '' },
];

/**
 * /outbox (issue 14): every outgoing mail and hot line call with its state and error, newest first;
 * one whose retries ran out can be sent again.
 */
export const OutboxScreen = () => {
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const { data, isFetching, isError, refetch } = useOutboxQuery({ status }, { pollingInterval: 10_000 });
  const [retry, { isLoading: retrying }] = useRetryOutboxMutation();
  return (
    <ListScreen
      title="Исходящие письма и вызовы ГЛ"
      count={data ? data.length : null}
      filters={<FilterSelect label="Состояние" value={status ?? ''} options={statusOptions} onChange={(v) => setStatus(v === '' ? null : (v as OutboxStatus))} />}
    >
      <DataTable
        label="Исходящие"
        columns={columns}
        rows={data}
        rowKey={(i) => i.key}
        fetching={isFetching}
        failed={isError}
        rowActions={(i) =>
          canRetryOutbox(i.status) && (
            <Button size="small" disabled={retrying} onClick={() => void retry(i.key).then(() => refetch())}>
              Повторить
            </Button>
          )
        }
      />
    </ListScreen>
  );
};
