import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dialogOf, withDialog, withoutDialog, type ToolDialog } from '../model/dialog-params';

export type { ToolDialog };

/**
 * The card the list's address names, and the moves between them: a row click adds `?open={id}`
 * (so Back closes it), copy `?copy={id}`, creating `?new=1`; closing removes them.
 */
export const useToolDialog = () => {
  const [params, setParams] = useSearchParams();
  const dialog: ToolDialog = useMemo(() => dialogOf(params), [params]);
  const openTool = useCallback((id: number) => setParams((p) => withDialog(p, 'open', String(id))), [setParams]);
  const openCopy = useCallback((id: number) => setParams((p) => withDialog(p, 'copy', String(id))), [setParams]);
  const openNew = useCallback(() => setParams((p) => withDialog(p, 'new', '1')), [setParams]);
  /** A new tool got its id: keep it open as that tool (a reload then shows it again). */
  const saved = useCallback((id: number) => setParams((p) => withDialog(p, 'open', String(id)), { replace: true }), [setParams]);
  const close = useCallback(() => setParams((p) => withoutDialog(p), { replace: true }), [setParams]);
  return { dialog, openTool, openCopy, openNew, saved, close } as const;
};
