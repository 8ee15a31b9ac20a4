import { ManualsScreen } from '@/features/manual';

/** /manuals 'Обучающие материалы' (administration.md 2.10). */
export const ManualsPage = () => <ManualsScreen />;
