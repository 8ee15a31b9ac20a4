import { toolFileRules } from '../tool/files';

/** The upload fields of a model save and their sections (equipment.md 3: tool_docs, tool_model_pictures). */
export type ToolModelFileSection = 'tool_docs' | 'tool_model_pictures';

export const toolModelFileRules: Readonly<Record<ToolModelFileSection, (typeof toolFileRules)['tool_docs']>> = {
  tool_docs: toolFileRules.tool_docs,
  tool_model_pictures: { ...toolFileRules.tool_pictures },
};

export const modelSectionOfField = (field: string): ToolModelFileSection | null =>
  field === 'documents' ? 'tool_docs' : field === 'pictures' ? 'tool_model_pictures' : null;

export const toolModelMessages = {
  trait: 'Характеристика не относится к виду оборудования или значение не найдено',
  notFound: 'Модель не найдена',
  fileNotFound: 'Файл не найден',
  used: (n: number) => `Модель указана у оборудования (${n}), удалить нельзя`,
} as const;

/** 'kind's count / filled' of the models list, and whether they differ (the warning). */
export const traitsFill = (kindTraits: readonly number[], filled: ReadonlyArray<{ tool_trait_id: number }>) => {
  const kindSet = new Set(kindTraits);
  const count = filled.filter((t) => kindSet.has(t.tool_trait_id)).length;
  return { kindCount: kindTraits.length, filled: count, differs: count !== kindTraits.length };
};
