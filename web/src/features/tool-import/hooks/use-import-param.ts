import { useSearchParams } from 'react-router';
import { hasRight, RightValue } from '@domain/rights';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/** `?import=1` on /tools: the Excel import dialog, for RIGHT_TOOLS_IMPORT FULL only (decisions 48–56). */
export const useImportParam = () => {
  const [params, setParams] = useSearchParams();
  const user = useAppSelector(selectCurrentUser);
  const allowed = hasRight(user?.rightsObject ?? {}, 'RIGHT_TOOLS_IMPORT', RightValue.FULL);
  return {
    open: allowed && params.get('import') === '1',
    close: () =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.delete('import');
        return next;
      }),
  };
};
