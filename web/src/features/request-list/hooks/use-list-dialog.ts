import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dialogOf, openingRequest, withoutDialog, type ListDialog } from '../model/dialog-params';

/**
 * The dialog the list's address names, and the moves between them: a row click adds
 * `?open={id}` (so Back closes it), creating adds `?new=1`, closing removes them all.
 */
export const useListDialog = () => {
  const [params, setParams] = useSearchParams();
  const dialog: ListDialog = useMemo(() => dialogOf(params), [params]);
  const openRequest = useCallback((id: number) => setParams((p) => openingRequest(p, id)), [setParams]);
  const openNew = useCallback(
    () =>
      setParams((p) => {
        const next = withoutDialog(p);
        next.set('new', '1');
        return next;
      }),
    [setParams],
  );
  /** A new request got its id: keep it open as that request (a reload then shows it again). */
  const saved = useCallback((id: number) => setParams((p) => openingRequest(p, id), { replace: true }), [setParams]);
  const close = useCallback(() => setParams((p) => withoutDialog(p), { replace: true }), [setParams]);
  return { dialog, openRequest, openNew, saved, close } as const;
};
