import { NotificationsScreen } from '@/features/notification';

/** /notifications: all of the user's notifications with paging and mark-as-read. */
export const NotificationsPage = () => <NotificationsScreen />;
