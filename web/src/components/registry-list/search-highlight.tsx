import { highlightRanges } from '@domain/shared/search-terms';
import { createContext, useContext, type ReactNode } from 'react';

/** The list's search (the toolbar's 'Поиск'): the long-text cells mark its words. */
export const SearchHighlightContext = createContext('');

/** The text with the search's words in <mark> (the word's stem, so 'принтера' marks 'принтер'). */
export const Highlighted = ({ text }: { readonly text: string }): ReactNode => {
  const search = useContext(SearchHighlightContext);
  const ranges = search ? highlightRanges(text, search) : [];
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
};
