import { Suspense, useState } from 'react';
import { DialogLoading } from '@/components';
import { ToolListScreen, useToolDialog, useToolRights } from '@/features/tool-list';
import { useImportParam } from '@/features/tool-import';
import { lazyComponent, prefetch } from '@/lib/lazy';
import { useWhenQuiet } from '@/lib/when-quiet';

// The card is fetched once the list has shown, so the list does not wait for it.
const ToolCardDialog = lazyComponent(() => import('@/features/tool-card').then((m) => m.ToolCardDialog));
const ToolImportDialog = lazyComponent(() => import('@/features/tool-import').then((m) => m.ToolImportDialog));

/**
 * /tools 'Оборудование' (equipment.md 2) with the card its address names: `?open={id}` a tool,
 * `?new=1` a new one and `?copy={id}` a new one filled from a tool (the last two only with
 * RIGHT_TOOLS_WRITE FULL).
 */
export const ToolsPage = () => {
  const { dialog, openTool, openCopy, openNew, saved, close } = useToolDialog();
  const rights = useToolRights();
  useWhenQuiet(() => prefetch(ToolCardDialog));
  // `?import=1` (Equipment menu 'Импорт из Excel', decisions 48–56) opens the Excel import dialog.
  const importer = useImportParam();
  // A tool created here keeps its card when the address switches from ?new=1 to ?open={id}.
  const [createdId, setCreatedId] = useState<number | null>(null);

  const creating = dialog?.kind === 'new' || dialog?.kind === 'copy';
  const toolId = dialog?.kind === 'tool' ? dialog.toolId : null;
  const copyFromId = dialog?.kind === 'copy' ? dialog.fromId : null;
  const shown = dialog?.kind === 'tool' || (creating && rights.canWrite);
  const dialogKey = creating || (toolId !== null && toolId === createdId) ? `created-${copyFromId ?? 'new'}` : `tool-${toolId}`;
  const onSaved = (id: number) => {
    if (!creating) return;
    setCreatedId(id);
    saved(id);
  };

  return (
    <>
      <ToolListScreen onOpen={openTool} onCopy={openCopy} onCreate={openNew} />
      {shown && (
        <Suspense fallback={<DialogLoading onClose={close} />}>
          <ToolCardDialog key={dialogKey} toolId={toolId} copyFromId={copyFromId} onClose={close} onSaved={onSaved} />
        </Suspense>
      )}
      {importer.open && (
        <Suspense fallback={<DialogLoading onClose={importer.close} />}>
          <ToolImportDialog open onClose={importer.close} />
        </Suspense>
      )}
    </>
  );
};
