import type { ToolModelRow } from '../api/tool-model-api';

/** 'kind's count / filled' (equipment.md 2): values given for the kind's characteristics; a warning when they differ. */
export const traitsFillOf = (model: Pick<ToolModelRow, 'traits'>, kindTraits: readonly number[]) => {
  const filled = (model.traits ?? []).filter((t) => kindTraits.includes(Number(t.tool_trait_id))).length;
  return { text: `${kindTraits.length} / ${filled}`, differs: filled !== kindTraits.length };
};

/** 'documents / images' counts of a model. */
export const filesCountOf = (model: Pick<ToolModelRow, 'files'>) => {
  const files = model.files ?? [];
  return `${files.filter((f) => f.section === 'tool_docs').length} / ${files.filter((f) => f.section === 'tool_model_pictures').length}`;
};

/** Manufacturers offered for a kind: those with models of the kind (all of them when no kind is chosen), by name. */
export const manufacturersForKind = (
  kindId: number | null,
  models: ReadonlyArray<Readonly<Record<string, unknown>>>,
  manufacturers: ReadonlyArray<{ readonly id: number } & Readonly<Record<string, unknown>>>,
) => {
  const ids = kindId === null ? null : new Set(models.filter((m) => Number(m.tool_kind_id) === kindId).map((m) => Number(m.manufacturer_id)));
  return manufacturers
    .filter((m) => ids === null || ids.has(m.id))
    .map((m) => ({ value: m.id, label: String(m.title ?? '') }))
    .sort((a, b) => a.label.localeCompare(b.label, 'ru'));
};
