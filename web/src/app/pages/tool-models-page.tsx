import { ToolModelsScreen } from '@/features/tool-model';

/** /tools-models 'Модели оборудования' (equipment.md 2). */
export const ToolModelsPage = () => <ToolModelsScreen />;
