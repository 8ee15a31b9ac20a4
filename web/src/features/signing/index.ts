export { DocumentsListScreen } from './components/documents-list-screen';
