import { idParam } from '@/components/registry-list';

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
  const open = idParam(params.get('open'));
  if (open !== null) {
    const tab = params.get('tab');
    return { kind: 'request', requestId: open, tab: isTab(tab) ? tab : undefined };
  }
  if (params.get('new') === '1') return { kind: 'new' };
  if (params.get('group') === '1') return { kind: 'group' };
  return null;
};
