import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * How long a click waits before opening: a double click selects a word, and its first click must
 * not open the row's dialog before the second one makes the selection.
 */
export const OPEN_AFTER_CLICK_MS = 250;

/** Text the user selected inside this element: then a click is a selection, not an opening. */
const hasSelectionIn = (element: HTMLElement): boolean => {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.toString().trim() === '') return false;
  return selection.containsNode(element, true);
};

/**
 * A row that opens on a click or on Enter / Space, but not when the click selected text in it
 * (a drag, a double or triple click): the handlers for the row element.
 */
export const useRowOpen = (open: () => void) => {
  const pending = useRef<number | null>(null);
  const cancelPending = () => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancelPending, []);
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    cancelPending();
    // The second click of a double click (or a triple click) selects text: never an opening.
    if (event.detail > 1) return;
    const element = event.currentTarget;
    if (hasSelectionIn(element)) return;
    pending.current = window.setTimeout(() => {
      pending.current = null;
      if (!hasSelectionIn(element)) open();
    }, OPEN_AFTER_CLICK_MS);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    open();
  };
  return { onClick, onKeyDown };
};
