/**
 * The words of a list search (the request and equipment lists' 'Поиск'), read the same way by the
 * server (the partial-word conditions) and the client (the highlight). A quoted part is one term
 * (a phrase); elsewhere a term is a run of letters and digits with the marks numbers carry inside
 * ('12-345', 'a/b', '1.5'). Lower case, ё read as е.
 */

/** Longest search a list takes: a few words or a phrase. */
export const SEARCH_MAX = 200;

/** The shortest part of a word looked for inside words (a trigram). */
export const PARTIAL_MIN = 3;

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

const wordsOf = (s: string): string[] =>
  (fold(s).match(/[\p{L}\p{N}]+(?:[-./\\_][\p{L}\p{N}]+)*/gu) ?? []).filter(Boolean);

export interface SearchTerms {
  /** Single words and numbers. */
  readonly words: readonly string[];
  /** Quoted phrases, words joined by one space. */
  readonly phrases: readonly string[];
}

export const searchTermsOf = (search: string): SearchTerms => {
  const words: string[] = [];
  const phrases: string[] = [];
  const rest = search.replace(/"([^"]*)"/g, (_, inner: string) => {
    const ws = wordsOf(inner);
    if (ws.length > 1) phrases.push(ws.join(' '));
    else words.push(...ws);
    return ' ';
  });
  words.push(...wordsOf(rest));
  return { words: [...new Set(words)], phrases: [...new Set(phrases)] };
};

/**
 * What the highlight marks for a term: the word without its ending (a Russian word changes its last
 * letters: 'принтера' → 'принт'), the whole of a number or a short word.
 */
export const stemOf = (word: string): string => {
  if (/\d/.test(word) || word.length <= 4) return word;
  const cut = word.length >= 7 ? 3 : 2;
  return word.slice(0, word.length - cut);
};

/** The parts of a text to mark for a search: [start, end) ranges, sorted, not overlapping (ё and е alike, same length). */
export const highlightRanges = (text: string, search: string): Array<[number, number]> => {
  const { words, phrases } = searchTermsOf(search);
  const needles = [...phrases, ...words.map(stemOf)].filter((n) => n.length > 0);
  if (needles.length === 0) return [];
  const hay = fold(text);
  const ranges: Array<[number, number]> = [];
  // A mark runs to the end of the word it starts in: 'принт' marks 'принтера'.
  const wordChar = /[\p{L}\p{N}]/u;
  for (const n of needles) {
    for (let i = hay.indexOf(n); i >= 0; i = hay.indexOf(n, i + n.length)) {
      let end = i + n.length;
      while (end < hay.length && wordChar.test(hay[end]!)) end++;
      ranges.push([i, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
};
