export { OrganizationsScreen } from './components/organizations-screen';
export { UnitsImportScreen } from './components/units-import-screen';
