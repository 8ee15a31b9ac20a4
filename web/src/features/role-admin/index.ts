export { RolesScreen } from './components/roles-screen';
