import { sql, type FragmentSqlToken } from 'slonik';
import { PARTIAL_MIN, searchTermsOf } from '../../../domain/shared/search-terms';

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A title of a catalogue or a unit matching a term: its word forms or a part of it. */
const nameMatches = (column: FragmentSqlToken, query: FragmentSqlToken, term: string) =>
  term.length >= PARTIAL_MIN
    ? sql.fragment`(to_tsvector('russian', ${column}) @@ ${query} OR translate(lower(${column}), 'ё', 'е') LIKE ${likeOf(term)})`
    : sql.fragment`to_tsvector('russian', ${column}) @@ ${query}`;

/**
 * The equipment list's search (equipment.md 3 'Поиск') on `rm_tools t`: every word (or quoted phrase)
 * is found in the tool's own words (rm_tools.search_words by word form, search_body by a part of a
 * word or number) or in its manufacturer's, kind's or object's name. The names are looked up in their
 * small tables first, so a word naming a kind becomes a condition on the kind's id.
 */
export const toolSearchCondition = (text: string): FragmentSqlToken => {
  const { words, phrases } = searchTermsOf(text);
  const terms = [...phrases.map((p) => ({ term: p, phrase: true })), ...words.map((w) => ({ term: w, phrase: false }))];
  if (terms.length === 0) return sql.fragment`true`;
  const each = terms.map(({ term, phrase }) => {
    const query = phrase ? sql.fragment`phraseto_tsquery('russian', ${term})` : sql.fragment`plainto_tsquery('russian', ${term})`;
    const own = term.length >= PARTIAL_MIN ? sql.fragment`(t.search_words @@ ${query} OR t.search_body LIKE ${likeOf(term)})` : sql.fragment`t.search_words @@ ${query}`;
    const catalog = (name: string) =>
      sql.fragment`ARRAY(SELECT c.id FROM rm_catalog_items c WHERE c.catalog = ${name} AND ${nameMatches(sql.fragment`c.title`, query, term)})`;
    return sql.fragment`(${own}
      OR t.manufacturer_id = ANY(${catalog('manufacturer')})
      OR t.tool_kind_id = ANY(${catalog('tool_kind')})
      OR t.unit_id = ANY(ARRAY(SELECT u.id FROM rm_units u WHERE ${nameMatches(sql.fragment`u.name`, query, term)})))`;
  });
  return sql.fragment`${sql.join(each, sql.fragment` AND `)}`;
};
