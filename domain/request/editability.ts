import { hasFull, type RightsObject } from '../rights';
import { mayMessageDeclarant } from './declarant-message';
import { PerformerKind } from './enums';
import {
  canEdit,
  canEditHotlineNumber,
  commonFields,
  hotlineFields,
  hotlineNumberFields,
  movementFields,
  movementLists,
  registrationFields,
  type EditableItem,
} from './rules';
import type { RequestState } from './state';

/**
 * The building blocks of per-state editability (4.1). Each state of the request machine lists its
 * grants in its `meta.editable` (machine.ts); `editableFields` adds up the grants whose conditions
 * hold. The tool machine follows the same pattern.
 */

/** A condition of a grant; all of a grant's conditions must hold. */
export type EditCondition =
  /** Not registered yet (the new request's form). */
  | 'new'
  | 'registered'
  /** The general edit permission (canEdit). */
  | 'edit'
  | 'filial'
  /** RIGHT_HOTLINE_EDIT or RIGHT_REQUEST_HOTLINE_EDIT. */
  | 'hotlineNumberRight'
  | 'docsDeleteRight'
  /** The declarant message rule (declarant-message.ts): its text is typed while the message may be sent. */
  | 'declarantMessage';

export interface EditGrant {
  readonly when: readonly EditCondition[];
  readonly items: readonly EditableItem[];
}

/** What a state of the request machine declares in its meta. */
export interface RequestStateMeta {
  readonly editable: readonly EditGrant[];
}

const holds = (condition: EditCondition, state: RequestState, rights: RightsObject): boolean => {
  switch (condition) {
    case 'new':
      return !state.registered;
    case 'registered':
      return state.registered;
    case 'edit':
      return canEdit(state, rights);
    case 'filial':
      return state.request_performer_kind === PerformerKind.FILIAL;
    case 'hotlineNumberRight':
      return canEditHotlineNumber(rights);
    case 'docsDeleteRight':
      return hasFull(rights, 'RIGHT_REQUEST_DOCS_DELETE');
    case 'declarantMessage':
      return mayMessageDeclarant(state, rights);
  }
};

/** The items of the grants whose conditions hold, in grant order. */
export const grantedItems = (grants: readonly EditGrant[], state: RequestState, rights: RightsObject): Set<EditableItem> => {
  const out = new Set<EditableItem>();
  for (const g of grants) if (g.when.every((c) => holds(c, state, rights))) for (const i of g.items) out.add(i);
  return out;
};

/** The grants the states share. */
export const grant = {
  /** A new request: the common tab, the performer kind and attachments. */
  newRequest: { when: ['new'], items: [...registrationFields, ...commonFields, 'attachments'] },
  commonTab: { when: ['edit'], items: commonFields },
  attachments: { when: ['edit'], items: ['attachments'] },
  movementTab: { when: ['edit', 'filial'], items: [...movementFields, ...movementLists, 'spares', 'documents_add'] },
  hotlineTab: { when: ['edit'], items: hotlineFields },
  hotlineNumber: { when: ['hotlineNumberRight'], items: hotlineNumberFields },
  removeDocuments: { when: ['registered', 'docsDeleteRight'], items: ['documents_remove'] },
  /** The message to the declarant, in every state the message may be sent (also 'Выполнена ГЛ', whose tab is closed). */
  declarantMessage: { when: ['declarantMessage'], items: ['instructed_person'] },
} as const satisfies Record<string, EditGrant>;

/** A registered request in a status the machine does not know: what no status takes away. */
export const unknownStatusGrants: readonly EditGrant[] = [grant.hotlineNumber, grant.removeDocuments];
