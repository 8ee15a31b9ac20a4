import { UnitsImportScreen } from '@/features/organization-admin';

/** /units-import: organisations from pasted spreadsheet rows (administration.md 2.10). */
export const UnitsImportPage = () => <UnitsImportScreen />;
