import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { canRetryOutbox, outboxKindTitles, outboxStatusTitles, type OutboxStatus } from '@domain/hotline/keys';
import { formatDateTime } from '@/utils/format';
import { useOutboxQuery, useRetryOutboxMutation } from '../api/outbox-api';

const statuses = Object.keys(outboxStatusTitles) as OutboxStatus[];

/**
 * /outbox (issue 14): every outgoing mail and hot line call with its state and error, newest first;
 * one whose retries ran out can be sent again.
 */
export const OutboxScreen = () => {
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const { data, isFetching, refetch } = useOutboxQuery({ status }, { pollingInterval: 10_000 });
  const [retry, { isLoading: retrying }] = useRetryOutboxMutation();
  const items = data ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1">
            Исходящие письма и вызовы ГЛ
          </Typography>
          <TextField
            select
            size="small"
            label="Состояние"
            value={status ?? ''}
            onChange={(e) => setStatus(e.target.value === '' ? null : (e.target.value as OutboxStatus))}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">Все</MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {outboxStatusTitles[s]}
              </MenuItem>
            ))}
          </TextField>
          <Typography color="text.secondary" data-testid="items-count">
            {data ? `Всего: ${items.length}` : 'Загрузка…'}
          </Typography>
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Исходящие">
            <TableHead>
              <TableRow>
                <TableCell>Дата</TableCell>
                <TableCell>Вид</TableCell>
                <TableCell>Заявка</TableCell>
                <TableCell>Состояние</TableCell>
                <TableCell>Попыток</TableCell>
                <TableCell>Результат или ошибка</TableCell>
                <TableCell aria-label="Действия" />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.key}>
                  <TableCell>{formatDateTime(item.created_at)}</TableCell>
                  <TableCell>{outboxKindTitles[item.kind] ?? item.kind}</TableCell>
                  <TableCell>{item.request_id ?? ''}</TableCell>
                  <TableCell>{outboxStatusTitles[item.status] ?? item.status}</TableCell>
                  <TableCell>{item.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>{item.error ?? item.result ?? ''}</TableCell>
                  <TableCell>
                    {canRetryOutbox(item.status) && (
                      <Button size="small" disabled={retrying} onClick={() => void retry(item.key).then(() => refetch())}>
                        Повторить
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {data && items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>Нет записей</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
    </Box>
  );
};
