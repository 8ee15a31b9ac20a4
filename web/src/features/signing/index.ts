export { DocumentsListScreen } from './components/documents-list-screen';
export { TrustedCasScreen } from './components/trusted-cas-screen';
