import { skipToken } from '@reduxjs/toolkit/query/react';
import { NOTIFICATIONS_POLL_MS } from '@/config/constants';
import { selectCurrentUser, selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { NotificationState } from '@domain/notification';
import { useNotificationsQuery, type AppNotification } from '../api/notifications-api';

const NONE: readonly AppNotification[] = [];

/** The signed-in user's notifications, polled every 120 s (administration.md 2.4). */
export const useNotifications = () => {
  const user = useAppSelector(selectCurrentUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data = NONE } = useNotificationsQuery(signedIn && user ? user.id : skipToken, {
    pollingInterval: NOTIFICATIONS_POLL_MS,
  });
  const unread = data.filter((n) => n.state === NotificationState.NEW).length;
  return { notifications: data, unread } as const;
};
