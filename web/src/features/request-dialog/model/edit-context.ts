import { createContext, useContext } from 'react';
import type { FieldPath, FieldPathValue } from 'react-hook-form';
import type { RequestCommand } from '../api/request-dialog-api';
import type { RequestView } from '../api/types';
import type { NewFile, RequestFormValues } from './form-values';

export type FormPath = FieldPath<RequestFormValues>;

/** Sets a form value as the user changed it and runs the field reactions of 4.3. */
export type FieldChange = <N extends FormPath>(name: N, value: FieldPathValue<RequestFormValues, N>) => void;

/** What every tab needs besides the form itself. */
export interface RequestEditContextValue {
  /** The loaded request; null while it is new. */
  readonly view: RequestView | null;
  /** Fields and lists the user may change now (the view's `editable`). */
  readonly editable: ReadonlySet<string>;
  /** RIGHT_VIEW_COST: costs are shown and edited. */
  readonly canViewCost: boolean;
  readonly change: FieldChange;
  /** Keeps a chosen file until the save sends it. */
  readonly addFile: (file: File) => NewFile;
  readonly dropFile: (key: string) => void;
  /** Runs a button of the request (saving the form's changes first). */
  readonly runCommand: (command: RequestCommand, engineerIds?: readonly number[]) => void;
  /** A hot line call (decisions 68–71): unsaved changes saved first; the form takes the request it answers. */
  readonly runHotline: (call: (current: RequestView) => Promise<RequestView | null>) => Promise<void>;
  /** Shows the hot line registration's success for 10 s (kept by the editor across reloads of the form). */
  readonly hotlineNotice: (text: string) => void;
  readonly busy: boolean;
}

export const RequestEditContext = createContext<RequestEditContextValue | null>(null);

export const useRequestEdit = (): RequestEditContextValue => {
  const value = useContext(RequestEditContext);
  if (!value) throw new Error('useRequestEdit outside the request dialog');
  return value;
};

/** The editable item a form path belongs to ('works.0.title' -> 'works'; spares follow the movement lists). */
export const editableItemOf = (path: string): string => {
  const root = path.split('.')[0] ?? path;
  if (root === 'spares') return 'works';
  if (root === 'tool_info') return 'tool_id';
  return root;
};

export const useIsEditable = (path: string): boolean => useRequestEdit().editable.has(editableItemOf(path));
