import { publicDocMessages } from '@domain/report/technical/public-docs';
import { publicOrderPath } from '@/config/paths';
import { showError } from '@/lib/notices';
import { useAppDispatch } from '@/lib/store';
import { usePublicDocsQuery } from '../api/public-docs-api';

/**
 * Opens an order in a new tab, or says it is not loaded yet instead of opening a broken tab.
 * window.open without 'noopener' so the tab inherits the session (sessionStorage is copied to it).
 */
export const useOpenOrder = () => {
  const dispatch = useAppDispatch();
  // Fresh on every menu opening: the administrator may have just loaded an order.
  const { data: present } = usePublicDocsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (name: string) => {
    if (present && !present.includes(name)) dispatch(showError(publicDocMessages.missing));
    else window.open(publicOrderPath(name), '_blank');
  };
};
