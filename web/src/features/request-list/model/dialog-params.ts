/** The tabs of the request dialog (the contract with features/request-dialog). */
export const requestDialogTabs = ['request', 'movement', 'documents', 'hotline', 'chat', 'history'] as const;
export type RequestDialogTab = (typeof requestDialogTabs)[number];

/** What the list's address asks to open over it. */
export type ListDialog =
  | { readonly kind: 'request'; readonly requestId: number; readonly tab: RequestDialogTab | undefined }
  | { readonly kind: 'new' }
  | { readonly kind: 'group' }
  | null;

/** The address parameters that open dialogs; closing a dialog removes all of them. */
export const dialogParams = ['open', 'tab', 'new', 'group'] as const;

const isTab = (value: string | null): value is RequestDialogTab => (requestDialogTabs as readonly string[]).includes(value ?? '');

/**
 * `?open={id}` (a row click; notifications add `&tab=chat`), `?new=1` ('Новая заявка') and
 * `?group=1` ('Создать группу заявок').
 */
export const dialogOf = (params: URLSearchParams): ListDialog => {
  const open = params.get('open');
  if (open !== null && /^\d+$/.test(open) && Number(open) > 0) {
    const tab = params.get('tab');
    return { kind: 'request', requestId: Number(open), tab: isTab(tab) ? tab : undefined };
  }
  if (params.get('new') === '1') return { kind: 'new' };
  if (params.get('group') === '1') return { kind: 'group' };
  return null;
};

/** The parameters without the dialog ones (anything else on the address stays). */
export const withoutDialog = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of dialogParams) next.delete(key);
  return next;
};

/** The parameters opening request `id` (replacing any other dialog). */
export const openingRequest = (params: URLSearchParams, id: number, tab?: RequestDialogTab): URLSearchParams => {
  const next = withoutDialog(params);
  next.set('open', String(id));
  if (tab) next.set('tab', tab);
  return next;
};
