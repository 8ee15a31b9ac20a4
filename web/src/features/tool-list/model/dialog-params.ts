/** What the list's address asks to open over it. */
export type ToolDialog =
  | { readonly kind: 'tool'; readonly toolId: number }
  | { readonly kind: 'new' }
  | { readonly kind: 'copy'; readonly fromId: number }
  | null;

/** The address parameters that open the card; closing it removes all of them. */
export const dialogParams = ['open', 'new', 'copy'] as const;

const idOf = (text: string | null): number | null => (text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** `?open={id}` (a row click), `?new=1` ('Добавить оборудование'), `?copy={id}` (a row's copy). */
export const dialogOf = (params: URLSearchParams): ToolDialog => {
  const open = idOf(params.get('open'));
  if (open !== null) return { kind: 'tool', toolId: open };
  const copy = idOf(params.get('copy'));
  if (copy !== null) return { kind: 'copy', fromId: copy };
  if (params.get('new') === '1') return { kind: 'new' };
  return null;
};

/** The parameters without the dialog ones (anything else on the address stays). */
export const withoutDialog = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of dialogParams) next.delete(key);
  return next;
};

/** The parameters with one dialog parameter set (replacing any other dialog). */
export const withDialog = (params: URLSearchParams, key: (typeof dialogParams)[number], value: string): URLSearchParams => {
  const next = withoutDialog(params);
  next.set(key, value);
  return next;
};
