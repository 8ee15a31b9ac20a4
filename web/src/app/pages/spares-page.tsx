import { SparesScreen } from '@/features/spares';

/** /spares 'Комплекты ЗИП' (equipment.md 2). */
export const SparesPage = () => <SparesScreen />;
