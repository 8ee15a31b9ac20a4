export { ManualsScreen } from './components/manuals-screen';
