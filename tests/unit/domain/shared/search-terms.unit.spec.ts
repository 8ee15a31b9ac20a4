import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightRanges, searchTermsOf, stemOf } from '../../../../domain/shared/search-terms';

const marked = (text: string, search: string) => highlightRanges(text, search).map(([a, b]) => text.slice(a, b));

describe('search terms', () => {
  it('reads words, numbers with inner marks and quoted phrases', () => {
    expect(searchTermsOf('Принтер  SN-ZX-99817 "синий   принтер" 12.5')).toEqual({ words: ['принтер', 'sn-zx-99817', '12.5'], phrases: ['синий принтер'] });
    expect(searchTermsOf('  ')).toEqual({ words: [], phrases: [] });
    expect(searchTermsOf('"один"')).toEqual({ words: ['один'], phrases: [] });
    expect(searchTermsOf('ёлка')).toEqual({ words: ['елка'], phrases: [] });
  });

  it('a word is marked by its stem to the end of the word; numbers as they are', () => {
    expect(stemOf('принтера')).toBe('принт');
    expect(stemOf('12345')).toBe('12345');
    expect(marked('Не печатает Принтер, принтеры в зале', 'принтера')).toEqual(['Принтер', 'принтеры']);
    expect(marked('Заявка 987654 от суда', '8765')).toEqual(['87654']);
    expect(marked('Синий принтер гудит', '"синий принтер"')).toEqual(['Синий принтер']);
    expect(marked('Ёлочка', 'елочки')).toEqual(['Ёлочка']);
    expect(marked('ничего', '')).toEqual([]);
  });

  it('ranges are inside the text, sorted and apart, whatever the text and search', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 20 }), (text, search) => {
        const ranges = highlightRanges(text, search);
        let last = -1;
        for (const [a, b] of ranges) {
          expect(a).toBeGreaterThan(last);
          expect(b).toBeGreaterThan(a);
          expect(b).toBeLessThanOrEqual(text.length);
          last = b;
        }
      }),
    );
  });
});
