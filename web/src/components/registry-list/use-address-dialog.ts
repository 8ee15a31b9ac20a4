import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { withoutParams, withParams } from './address-dialog';

/**
 * The dialog a registry's address names and the moves between dialogs. `keys` are the list's dialog
 * parameters and `parse` reads the dialog from them (both module constants). Opening adds a history
 * entry (Back closes it); `replace` keeps the entry (a new row that got its id); closing replaces it.
 */
export const useAddressDialog = <Dialog>(keys: readonly string[], parse: (params: URLSearchParams) => Dialog) => {
  const [params, setParams] = useSearchParams();
  const dialog = useMemo(() => parse(params), [params, parse]);
  const open = useCallback(
    (set: Readonly<Record<string, string>>, options: { readonly replace?: boolean } = {}) => setParams((p) => withParams(p, keys, set), options),
    [setParams, keys],
  );
  const close = useCallback(() => setParams((p) => withoutParams(p, keys), { replace: true }), [setParams, keys]);
  return { dialog, open, close } as const;
};
