import { OrganizationsScreen } from '@/features/organization-admin';

/** /organizations: organisations with their buildings (administration.md 2.8). */
export const OrganizationsPage = () => <OrganizationsScreen key="organizations" hostMode={false} />;

/** /hosts: the same list in host mode, titled Балансодержатели. */
export const HostsPage = () => <OrganizationsScreen key="hosts" hostMode />;
