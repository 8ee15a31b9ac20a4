import { useSearchParams } from 'react-router';
import { NotificationsScreen } from '@/features/notification';

/**
 * /notifications: the user's notifications with paging and mark-as-read; `?unread=1` shows only the
 * new ones (the home page's 'Непрочитанные уведомления' opens it so), a link that can be shared.
 */
export const NotificationsPage = () => {
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  return (
    <NotificationsScreen
      unreadOnly={unreadOnly}
      onUnreadOnlyChange={(only) => setParams(only ? new URLSearchParams({ unread: '1' }) : new URLSearchParams(), { replace: true })}
    />
  );
};
