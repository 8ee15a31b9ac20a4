import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { requestChatPath } from '@/config/paths';
import { useMarkNotificationReadMutation, type AppNotification } from '../api/notifications-api';

/** 'Открыть заявку': mark the notification read, then open its request on the chat tab. */
export const useOpenNotification = () => {
  const [markRead] = useMarkNotificationReadMutation();
  const navigate = useNavigate();
  return useCallback(
    async (notification: AppNotification) => {
      await markRead(notification.id);
      if (notification.object_id !== null) await navigate(requestChatPath(notification.object_id));
    },
    [markRead, navigate],
  );
};
