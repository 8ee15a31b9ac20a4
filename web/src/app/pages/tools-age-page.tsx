import { ToolsAgeScreen } from '@/features/tool-list';

/** /tools-list 'Возраст оборудования' (equipment.md 2): counts per kind, older and younger than 5 years. */
export const ToolsAgePage = () => <ToolsAgeScreen />;
