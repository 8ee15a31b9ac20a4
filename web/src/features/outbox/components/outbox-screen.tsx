import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { canRetryOutbox, outboxKindTitles, outboxStatusTitles, type OutboxItem, type OutboxStatus } from '@domain/hotline/keys';
import { AppDialog, DataTable, FilterSelect, ListScreen, type DataColumn } from '@/components';
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

interface OutboxMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

/** The mail an item carries (mails keep theirs in the payload; hot line calls have none). */
const mailOf = (i: OutboxItem): OutboxMail | null => {
  const mail = (i.payload as { mail?: Partial<OutboxMail> } | null)?.mail;
  return mail && typeof mail.subject === 'string' && typeof mail.text === 'string' && Array.isArray(mail.to) ? (mail as OutboxMail) : null;
};

/** One mail as it was (or is to be) sent: without SMTP_URL this is where it is read. */
const MailDialog = ({ item, onClose }: { item: OutboxItem | null; onClose: () => void }) => {
  const mail = item ? mailOf(item) : null;
  return (
    <AppDialog open={Boolean(mail)} title="Текст письма" onClose={onClose} actions={<Button onClick={onClose}>Закрыть</Button>}>
      {item && mail && (
        <Stack spacing={1} data-testid="outbox-mail">
          <Typography variant="body2">
            <b>Тема:</b> {mail.subject}
          </Typography>
          <Typography variant="body2">
            <b>Кому:</b> {mail.to.join(', ')}
          </Typography>
          <Typography variant="body2">
            <b>Состояние:</b> {outboxStatusTitles[item.status] ?? item.status}, {formatDateTime(item.updated_at)}
          </Typography>
          <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0, pt: 1, borderTop: 1, borderColor: 'divider' }}>
            {mail.text}
          </Typography>
        </Stack>
      )}
    </AppDialog>
  );
};

/**
 * /outbox (decisions 68–71): every outgoing mail and hot line call with its state and error, newest first;
 * one whose retries ran out can be sent again. A mail's subject, recipients and text open in a dialog
 * (without SMTP_URL the outbox is the mailbox where they are read).
 */
export const OutboxScreen = () => {
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const { data, isFetching, isError, refetch } = useOutboxQuery({ status }, { pollingInterval: 10_000 });
  const [retry, { isLoading: retrying }] = useRetryOutboxMutation();
  const [reading, setReading] = useState<OutboxItem | null>(null);
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
        rowActions={(i) => (
          <>
            {mailOf(i) && (
              <Button size="small" onClick={() => setReading(i)}>
                Текст письма
              </Button>
            )}
            {canRetryOutbox(i.status) && (
              <Button size="small" disabled={retrying} onClick={() => void retry(i.key).then(() => refetch())}>
                Повторить
              </Button>
            )}
          </>
        )}
      />
      <MailDialog item={reading} onClose={() => setReading(null)} />
    </ListScreen>
  );
};
