import { DocumentsListScreen } from '@/features/signing';

/** /documents-list: 'Документы на подпись' (issue 13). */
export const DocumentsListPage = () => <DocumentsListScreen />;
