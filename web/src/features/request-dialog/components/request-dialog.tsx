import { useState } from 'react';
import type { RequestDialogTab } from '../model/tabs';
import { NewRequest } from './new-request';
import { SavedRequest } from './saved-request';

export type { RequestDialogTab } from '../model/tabs';

export interface RequestDialogProps {
  /** The request to edit; null opens a new request. */
  readonly requestId: number | null;
  readonly initialTab?: RequestDialogTab;
  readonly onClose: () => void;
  /**
   * After a save or a button changed the request (the list refreshes by its tags anyway).
   * `leaving`: the save was the 'Да' to the question asked when the address was about to change
   * (Back, Forward, a link) with unsaved changes; the navigation goes on right after, so the page
   * must not move the address to the request.
   */
  readonly onSaved?: (request: { id: number; leaving: boolean }) => void;
}

interface Showing {
  readonly id: number | null;
  readonly tab: RequestDialogTab;
  /** Distinguishes one new request from the next. */
  readonly fresh: number;
}

/**
 * The request editor (requests.md 2.4, 2.5): opened by the list for a request or a new one; after
 * 'Создать' it continues with the registered request, 'Новая заявка' starts another one.
 */
export const RequestDialog = ({ requestId, initialTab = 'request', onClose, onSaved }: RequestDialogProps) => {
  const [showing, setShowing] = useState<Showing>({ id: requestId, tab: initialTab, fresh: 0 });
  const [asked, setAsked] = useState({ requestId, initialTab });
  if (asked.requestId !== requestId || asked.initialTab !== initialTab) {
    setAsked({ requestId, initialTab });
    setShowing((s) => ({ id: requestId, tab: initialTab, fresh: s.fresh + 1 }));
  }
  const saved = (view: { id: number }, leaving: boolean) => onSaved?.({ id: view.id, leaving });
  const startNew = () => setShowing((s) => ({ id: null, tab: 'request', fresh: s.fresh + 1 }));

  return showing.id === null ? (
    <NewRequest
      key={`new-${showing.fresh}`}
      onClose={onClose}
      onSaved={saved}
      onCreated={(id) => setShowing((s) => ({ id, tab: 'request', fresh: s.fresh }))}
      onNewRequest={startNew}
    />
  ) : (
    <SavedRequest key={`${showing.id}-${showing.fresh}`} id={showing.id} initialTab={showing.tab} onClose={onClose} onSaved={saved} onNewRequest={startNew} />
  );
};
