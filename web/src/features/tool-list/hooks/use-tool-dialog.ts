import { useCallback } from 'react';
import { useAddressDialog } from '@/components/registry-list';
import { dialogOf, dialogParams, type ToolDialog } from '../model/dialog-params';

export type { ToolDialog };

/**
 * The card the list's address names, and the moves between them: a row click adds `?open={id}`
 * (so Back closes it), copy `?copy={id}`, creating `?new=1`; closing removes them.
 */
export const useToolDialog = () => {
  const { dialog, open, close } = useAddressDialog(dialogParams, dialogOf);
  const openTool = useCallback((id: number) => open({ open: String(id) }), [open]);
  const openCopy = useCallback((id: number) => open({ copy: String(id) }), [open]);
  const openNew = useCallback(() => open({ new: '1' }), [open]);
  /** A new tool got its id: keep it open as that tool (a reload then shows it again). */
  const saved = useCallback((id: number) => open({ open: String(id) }, { replace: true }), [open]);
  return { dialog, openTool, openCopy, openNew, saved, close } as const;
};
