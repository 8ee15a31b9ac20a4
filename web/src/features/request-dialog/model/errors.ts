import type { FieldErrors } from 'react-hook-form';
import type { RequestFormValues } from './form-values';
import { tabOfField, tabOrder, type RequestDialogTab } from './tabs';

/** The paths of every message in react-hook-form's nested errors ('works.0.title'). */
export const errorPaths = (errors: FieldErrors<RequestFormValues>): string[] => {
  const out: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    if ('message' in node && typeof node.message === 'string' && node.message) out.push(path.join('.'));
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types') walk(child, [...path, key]);
  };
  walk(errors, []);
  return out;
};

/** The tab holding the first error, in the order of the tabs. */
export const firstErrorTab = (paths: readonly string[], status: number, visible: readonly RequestDialogTab[]): RequestDialogTab | null => {
  const tabs = new Set(paths.map((p) => tabOfField(p, status)).filter((t) => visible.includes(t)));
  return tabOrder.find((t) => tabs.has(t)) ?? null;
};
