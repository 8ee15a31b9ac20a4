export { SparesScreen } from './components/spares-screen';
