import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { NotificationState } from '@domain/notification';
import { TablePager } from '@/components';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import { useMarkNotificationReadMutation, useNotificationsPageQuery } from '../api/notifications-api';
import { useNotifications } from '../hooks/use-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';

/**
 * /notifications (administration.md 2.1, shown only as a route): every notification of the user,
 * new and read, newest first, 20 a page (the server pages); a new one can be marked read or opened on its request's
 * chat tab (which marks it read too, as the bell does).
 */
export const NotificationsScreen = () => {
  const user = useAppSelector(selectCurrentUser);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useNotificationsPageQuery(user ? { userId: user.id, page } : skipToken);
  // The count of new ones is the bell's (the same polled list).
  const { unread } = useNotifications();
  const [markRead, { isLoading: marking }] = useMarkNotificationReadMutation();
  const openNotification = useOpenNotification();
  const shown = data?.items ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1">
            Уведомления
          </Typography>
          <Typography color="text.secondary" data-testid="items-count" aria-live="polite">
            {data ? `Всего: ${data.itemsCount}, новых: ${unread}` : 'Загрузка…'}
          </Typography>
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {isFetching && <LinearProgress aria-label="Загрузка" />}
          <Table size="small" aria-label="Уведомления">
            <TableHead>
              <TableRow>
                <TableCell>Дата</TableCell>
                <TableCell>Уведомление</TableCell>
                <TableCell>Состояние</TableCell>
                <TableCell aria-label="Действия" />
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((n) => {
                const isNew = n.state === NotificationState.NEW;
                return (
                  <TableRow key={n.id} data-state={isNew ? 'new' : 'read'} sx={{ '& td': { fontWeight: isNew ? 600 : 400 } }}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.date_time)}</TableCell>
                    <TableCell>{n.info}</TableCell>
                    <TableCell>{isNew ? 'Новое' : 'Прочитано'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {isNew && (
                        <Button size="small" disabled={marking} onClick={() => void markRead(n.id)}>
                          Отметить прочитанным
                        </Button>
                      )}
                      {n.object_id !== null && (
                        <Button size="small" onClick={() => void openNotification(n)}>
                          Открыть заявку
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
              {data && shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                    Уведомлений нет
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={setPage} />}
      </Stack>
    </Box>
  );
};
