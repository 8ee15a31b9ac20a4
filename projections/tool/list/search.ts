import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { PARTIAL_MIN, searchTermsOf } from '../../../domain/shared/search-terms';
import { CUSTOM_PLAN } from '../../../infrastructure/perf/prepared-statements';

type Db = Pick<CommonQueryMethods, 'one'>;

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A title of a catalogue or a unit matching a term: its word forms or a part of it. */
const nameMatches = (column: FragmentSqlToken, query: FragmentSqlToken, term: string) =>
  term.length >= PARTIAL_MIN
    ? sql.fragment`(to_tsvector('russian', ${column}) @@ ${query} OR translate(lower(${column}), 'ё', 'е') LIKE ${likeOf(term)})`
    : sql.fragment`to_tsvector('russian', ${column}) @@ ${query}`;

/**
 * The manufacturers, kinds and objects whose names a term matches (small tables, their own indexes). Planned
 * for its values: a prepared plan cannot tell the pattern and scanned every object's name (16 ms).
 */
const namedBy = async (db: Db, query: FragmentSqlToken, term: string) => {
  const catalog = (name: string) => sql.fragment`ARRAY(SELECT c.id FROM rm_catalog_items c WHERE c.catalog = ${name} AND ${nameMatches(sql.fragment`c.title`, query, term)})`;
  const row = await db.one(sql.unsafe`
    SELECT ${CUSTOM_PLAN}${catalog('manufacturer')} AS manufacturers, ${catalog('tool_kind')} AS kinds,
      ARRAY(SELECT u.id FROM rm_units u WHERE ${nameMatches(sql.fragment`u.name`, query, term)}) AS units`);
  const ids = (v: unknown) => (v as number[]).map(Number);
  return { manufacturers: ids(row.manufacturers), kinds: ids(row.kinds), units: ids(row.units) };
};

/**
 * The equipment list's search (equipment.md 3 'Поиск') on `rm_tools t`: every word (or quoted phrase)
 * is found in the tool's own words (rm_tools.search_words by word form, search_body by a part of a
 * word or number) or in its manufacturer's, kind's or object's name. The names are looked up first,
 * so the tools' condition carries their ids as values: the planner then sees what they select (an
 * id list it cannot see made it guess every tool and scan them all, 70 ms for one serial number),
 * and a word that names nothing adds no branch.
 */
export const toolSearchCondition = async (db: Db, text: string): Promise<FragmentSqlToken> => {
  const { words, phrases } = searchTermsOf(text);
  const terms = [...phrases.map((p) => ({ term: p, phrase: true })), ...words.map((w) => ({ term: w, phrase: false }))];
  if (terms.length === 0) return sql.fragment`true`;
  const each: FragmentSqlToken[] = [];
  for (const { term, phrase } of terms) {
    const query = phrase ? sql.fragment`phraseto_tsquery('russian', ${term})` : sql.fragment`plainto_tsquery('russian', ${term})`;
    const named = await namedBy(db, query, term);
    const branches = [term.length >= PARTIAL_MIN ? sql.fragment`t.search_words @@ ${query} OR t.search_body LIKE ${likeOf(term)}` : sql.fragment`t.search_words @@ ${query}`];
    if (named.manufacturers.length > 0) branches.push(sql.fragment`t.manufacturer_id = ANY(${sql.array(named.manufacturers, 'int4')})`);
    if (named.kinds.length > 0) branches.push(sql.fragment`t.tool_kind_id = ANY(${sql.array(named.kinds, 'int4')})`);
    if (named.units.length > 0) branches.push(sql.fragment`t.unit_id = ANY(${sql.array(named.units, 'int4')})`);
    each.push(sql.fragment`(${sql.join(branches, sql.fragment` OR `)})`);
  }
  return sql.fragment`${sql.join(each, sql.fragment` AND `)}`;
};
