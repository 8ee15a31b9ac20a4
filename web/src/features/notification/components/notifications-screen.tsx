import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
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

export interface NotificationsScreenProps {
  /** Only the new ones (the address's `?unread=1`, the home page's link): the server filters. */
  readonly unreadOnly: boolean;
  readonly onUnreadOnlyChange: (unreadOnly: boolean) => void;
}

/**
 * /notifications (administration.md 2.1, shown only as a route): every notification of the user,
 * new and read, or only the new ones, newest first, 20 a page (the server pages and filters); a new
 * one can be marked read or opened on its request's chat tab (which marks it read too, as the bell does).
 */
export const NotificationsScreen = ({ unreadOnly, onUnreadOnlyChange }: NotificationsScreenProps) => {
  const user = useAppSelector(selectCurrentUser);
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useNotificationsPageQuery(user ? { userId: user.id, page, unreadOnly } : skipToken);
  // The count of new ones is the bell's (the same polled list).
  const { unread } = useNotifications();
  const [markRead, { isLoading: marking }] = useMarkNotificationReadMutation();
  const openNotification = useOpenNotification();
  return (
    <ListScreen
      title="Уведомления"
      count={data ? `Всего: ${data.itemsCount}, новых: ${unread}` : null}
      filters={
        <FormControlLabel
          control={
            <Checkbox
              checked={unreadOnly}
              onChange={(e) => {
                setPage(1);
                onUnreadOnlyChange(e.target.checked);
              }}
            />
          }
          label="Только новые"
        />
      }
      pager={data ? { page, pagesCount: data.pagesCount, onPageChange: setPage } : null}
    >
      <DataTable
        label="Уведомления"
        columns={columns}
        rows={data?.items}
        rowKey={(n) => n.id}
        fetching={isFetching}
        failed={isError}
        empty={unreadOnly ? 'Новых уведомлений нет' : 'Уведомлений нет'}
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
