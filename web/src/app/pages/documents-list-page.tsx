import { DocumentsListScreen } from '@/features/signing';

/** /documents-list: 'Документы на подпись' (decisions 72–86). */
export const DocumentsListPage = () => <DocumentsListScreen />;
