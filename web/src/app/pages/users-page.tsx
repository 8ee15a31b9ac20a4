import { UsersScreen } from '@/features/user-admin';

/** /users 'Работники' (administration.md 2.6). */
export const UsersPage = () => <UsersScreen key="users" hotline={false} />;

/** /users-hotline 'Исполнители Техподдержки' (administration.md 2.6). */
export const UsersHotlinePage = () => <UsersScreen key="hotline" hotline />;
