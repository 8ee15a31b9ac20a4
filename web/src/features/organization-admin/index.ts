export { OrganizationsScreen } from './components/organizations-screen';
