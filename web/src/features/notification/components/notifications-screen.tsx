import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { NotificationState } from '@domain/notification';
import { DataTable, ListScreen, type DataColumn } from '@/components';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { formatDateTime } from '@/utils/format';
import { useMarkNotificationReadMutation, useNotificationsPageQuery, type AppNotification } from '../api/notifications-api';
import { useNotifications } from '../hooks/use-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';

const isNew = (n: AppNotification) => n.state === NotificationState.NEW;

const columns: readonly DataColumn<AppNotification>[] = [
  { key: 'date', header: 'Дата', sx: { whiteSpace: 'nowrap' }, cell: (n) => formatDateTime(n.date_time) },
  { key: 'info', header: 'Уведомление', cell: (n) => n.info },
  { key: 'state', header: 'Состояние', cell: (n) => (isNew(n) ? 'Новое' : 'Прочитано') },
];

/**
 * /notifications (administration.md 2.1, shown only as a route): every notification of the user,
 * new and read, newest first, 20 a page (the server pages); a new one can be marked read or opened on its request's
 * chat tab (which marks it read too, as the bell does).
 */
export const NotificationsScreen = () => {
  const user = useAppSelector(selectCurrentUser);
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useNotificationsPageQuery(user ? { userId: user.id, page } : skipToken);
  // The count of new ones is the bell's (the same polled list).
  const { unread } = useNotifications();
  const [markRead, { isLoading: marking }] = useMarkNotificationReadMutation();
  const openNotification = useOpenNotification();
  return (
    <ListScreen
      title="Уведомления"
      count={data ? `Всего: ${data.itemsCount}, новых: ${unread}` : null}
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
    >
      <DataTable
        label="Уведомления"
        columns={columns}
        rows={data?.items}
        rowKey={(n) => n.id}
        fetching={isFetching}
        failed={isError}
        empty="Уведомлений нет"
        rowMarks={(n) => ({ state: isNew(n) ? 'new' : 'read', sx: { '& td': { fontWeight: isNew(n) ? 600 : 400 } } })}
        rowActions={(n) => (
          <>
            {isNew(n) && (
              <Button size="small" disabled={marking} onClick={() => void markRead(n.id)}>
                Отметить прочитанным
              </Button>
            )}
            {n.object_id !== null && (
              <Button size="small" onClick={() => void openNotification(n)}>
                Открыть заявку
              </Button>
            )}
          </>
        )}
      />
    </ListScreen>
  );
};
