import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '@/lib/store';
import { filterFromAddress, type ListKind } from '../model/filter';
import { filterReplaced } from '../model/list-slice';

/** `?filter={json}` in the address (a home page link) becomes the list's filter; the parameter is then removed. */
export const useAddressFilter = (list: ListKind) => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (raw === null) return;
    dispatch(filterReplaced({ list, filter: filterFromAddress(raw, list) }));
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('filter');
        return next;
      },
      { replace: true },
    );
  }, [raw, list, dispatch, setParams]);
};
