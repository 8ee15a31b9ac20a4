import { useCallback } from 'react';
import { useAddressDialog } from '@/components/registry-list';
import { dialogOf, dialogParams } from '../model/dialog-params';

/**
 * The dialog the list's address names, and the moves between them: a row click adds
 * `?open={id}` (so Back closes it), creating adds `?new=1`, closing removes them all.
 */
export const useListDialog = () => {
  const { dialog, open, close } = useAddressDialog(dialogParams, dialogOf);
  const openRequest = useCallback((id: number) => open({ open: String(id) }), [open]);
  const openNew = useCallback(() => open({ new: '1' }), [open]);
  /** A new request got its id: keep it open as that request (a reload then shows it again). */
  const saved = useCallback((id: number) => open({ open: String(id) }, { replace: true }), [open]);
  return { dialog, openRequest, openNew, saved, close } as const;
};
