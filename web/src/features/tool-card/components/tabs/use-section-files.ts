import { useFormContext, useWatch } from 'react-hook-form';
import type { ToolFileSection } from '@domain/tool/events';
import { filesErrorPath } from '../../model/files';
import type { FormFile, ToolFormValues } from '../../model/form-values';
import { useToolCard } from '../card-context';

/** One file section of the card: its files, whether they may change, add and remove. */
export const useSectionFiles = (section: ToolFileSection) => {
  const card = useToolCard();
  const { control, setValue, formState, trigger } = useFormContext<ToolFormValues>();
  const all = useWatch({ control, name: 'files' });
  const files = all.filter((f) => f.section === section);
  const editable = !card.member && card.groups.has(section === 'tool_docs' ? 'documents' : 'pictures');
  const path = filesErrorPath(section);
  const replace = (next: FormFile[]) => {
    setValue('files', next, { shouldDirty: true });
    // The section's limits answer at once (the save is blocked while they are broken).
    void trigger();
  };
  const add = (picked: File[]) =>
    replace([...all, ...picked.map((file): FormFile => ({ kind: 'new', key: card.addFile(file), file_name: file.name, size: file.size, section }))]);
  const remove = (target: FormFile) => {
    if (target.kind === 'new') card.dropFile(target.key);
    replace(all.filter((f) => f !== target));
  };
  const error = (formState.errors as Record<string, { message?: string } | undefined>)[path]?.message;
  return { files, editable, add, remove, error, toolId: card.toolId, pendingFile: card.pendingFile };
};
