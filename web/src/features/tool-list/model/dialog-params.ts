import { idParam } from '@/components/registry-list';

/** What the list's address asks to open over it. */
export type ToolDialog =
  | { readonly kind: 'tool'; readonly toolId: number }
  | { readonly kind: 'new' }
  | { readonly kind: 'copy'; readonly fromId: number }
  | null;

/** The address parameters that open the card; closing it removes all of them. */
export const dialogParams = ['open', 'new', 'copy'] as const;

/** `?open={id}` (a row click), `?new=1` ('Добавить оборудование'), `?copy={id}` (a row's copy). */
export const dialogOf = (params: URLSearchParams): ToolDialog => {
  const open = idParam(params.get('open'));
  if (open !== null) return { kind: 'tool', toolId: open };
  const copy = idParam(params.get('copy'));
  if (copy !== null) return { kind: 'copy', fromId: copy };
  if (params.get('new') === '1') return { kind: 'new' };
  return null;
};
