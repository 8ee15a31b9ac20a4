import { RolesScreen } from '@/features/role-admin';

/** /roles: roles and rights (administration.md 2.7). */
export const RolesPage = () => <RolesScreen />;
