import { hasFull } from '@domain/rights';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import type { CatalogScreenView } from '../model/catalog-screens';

/** What the current user may do on a reference screen (administration.md 6); the server checks again. */
export interface CatalogRights {
  /** The definition's edit right FULL: add, change and delete; otherwise the dialog is read-only. */
  readonly canEdit: boolean;
  /** Whether a field shows: fields with their own right (region e-mail options) only with it FULL. */
  readonly showsField: (field: string) => boolean;
}

export const useCatalogRights = (view: CatalogScreenView): CatalogRights => {
  const rights = useAppSelector(selectCurrentUser)?.rightsObject ?? {};
  const fieldRights = view.definition.fieldRights ?? {};
  return {
    canEdit: hasFull(rights, view.definition.editRight),
    showsField: (field) => {
      const right = fieldRights[field];
      return right === undefined || hasFull(rights, right);
    },
  };
};
