import { sql, type FragmentSqlToken } from 'slonik';
import { PARTIAL_MIN, searchTermsOf } from '../../../domain/shared/search-terms';
import type { RequestRow } from './row';

/*
 * The request search (requests.md 2.3 'Поиск'): rm_request_search holds each request's words, one
 * row per request written with its list row. `body` is the request's own text (number, hot line
 * number, texts, works, the unknown applicant), `chat` the chat messages appended in log order; the
 * tsvector (the 'russian' configuration: word forms) and the trigram index (parts of words and
 * numbers) are built over both. The tool's serial and inventory numbers are not copied here: they
 * change on the tool's stream, so the search reads them from rm_tools (its trigram indexes) at
 * query time and a renamed serial number is found at once.
 */

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Rich text (the editor's HTML) read as words: tags and entities are not words of the request. */
const plain = (s: string) =>
  s.includes('<') || s.includes('&')
    ? s.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&[a-z]+;|&#\d+;/g, ' ')
    : s;

/** The request fields whose words are searched, in a fixed order (the text is compared by verify). */
const textFields = [
  'number',
  'hotlinegas_number',
  'number_out',
  'request_text',
  'request_text_expl',
  'note',
  'fulfielled_works',
  'comment_before',
  'comment_after',
  'troubles_list',
  'hotline_work_description',
  'instructed_person',
  'contact_unknown_name',
  'contact_unknown_email',
] as const;

/** The searched text of a request row: its fields and its works' titles, lower case, single spaces. */
export const searchBodyOf = (row: RequestRow): string => {
  const r = row as unknown as Record<string, unknown>;
  const parts: string[] = [];
  for (const f of textFields) {
    const v = asText(r[f]);
    if (v) parts.push(plain(v));
  }
  for (const w of Array.isArray(r.works) ? (r.works as Array<{ title?: unknown }>) : []) {
    const t = asText(w?.title);
    if (t) parts.push(t);
  }
  return normalize(parts.join(' '));
};

/** Lower case and single spaces: what LIKE compares with the lower-cased search terms. */
export const normalize = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

export const requestSearchSchema = /* sql */ `
    CREATE TABLE rm_request_search (
      id integer PRIMARY KEY,
      body text NOT NULL DEFAULT '',
      chat text NOT NULL DEFAULT '',
      words tsvector GENERATED ALWAYS AS (to_tsvector('russian', body || ' ' || chat)) STORED
    );
`;

export const requestSearchIndexes = /* sql */ `
    CREATE INDEX rm_request_search_words ON rm_request_search USING gin (words);
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX rm_request_search_trgm ON rm_request_search USING gin ((body || ' ' || chat) gin_trgm_ops);
      END IF;
    END $$;
`;

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search's parts: the word-form query, and the LIKE of every term and phrase when all are long enough. */
const partsOf = (text: string) => {
  const { words, phrases } = searchTermsOf(text);
  const needles = [...phrases, ...words];
  const partial = needles.length > 0 && needles.every((n) => n.length >= PARTIAL_MIN);
  const doc = sql.fragment`(s.body || ' ' || s.chat)`;
  const byWords = sql.fragment`s.words @@ websearch_to_tsquery('russian', ${text})`;
  const byParts = partial ? sql.fragment`(${sql.join(needles.map((n) => sql.fragment`${doc} LIKE ${`%${likeEscaped(n)}%`}`), sql.fragment` AND `)})` : null;
  // The ids of the tools whose serial or inventory number holds the one term.
  const toolIds =
    partial && needles.length === 1
      ? sql.fragment`ARRAY(
          SELECT t.id FROM rm_tools t WHERE NOT t.deleted
            AND (lower(t.serial_number) LIKE ${`%${likeEscaped(needles[0]!)}%`} OR lower(t.inventar_number) LIKE ${`%${likeEscaped(needles[0]!)}%`}))`
      : null;
  const tool = toolIds ? sql.fragment`SELECT r2.id FROM rm_requests r2 WHERE NOT r2.deleted AND r2.tool_ids && ${toolIds}` : null;
  // A row of rm_request_search s matches by its words in some form or holds every term.
  const matches = byParts ? sql.fragment`(${byWords} OR ${byParts})` : byWords;
  return { byWords, byParts, matches, toolIds, tool };
};

/**
 * The search's condition on `rm_requests r`: the ids whose words match (word forms through the
 * tsvector, or every term and phrase inside the text through the trigram index), and the requests of
 * the tools whose serial or inventory number holds the search. Scope and the other filters stay
 * conditions on r, so a search never reaches past them.
 */
export const searchCondition = (text: string): FragmentSqlToken => {
  const { matches, tool } = partsOf(text);
  return sql.fragment`r.id IN (SELECT s.id FROM rm_request_search s WHERE ${matches}${tool ? sql.fragment` UNION ${tool}` : sql.fragment``})`;
};

/**
 * The found requests with their rank on a list's page: `rows(conditions)` selects (id,
 * request_date_add, search_rank) of the requests of `rm_requests r` that meet the other conditions
 * (the caller leaves the search out of them) and match. The rank is in tiers: a request whose number
 * or hot line number is the search itself, then those that hold the search's words in some form, then
 * those found only by a part of a word, a number inside the text or their tool's numbers; newest
 * first within a tier (the list's order).
 *
 * The words' matches are a plain join with rm_request_search, which the planner sizes right (from the
 * requests of a scope probed by id, or one pass over the matches); the tool's hits, few, come as a
 * second branch without the requests already found. The words' tier was once `r.id IN (SELECT …
 * words @@ …)` in the select list: past work_mem (a common word, 288,000 of a million requests)
 * PostgreSQL no longer hashes such a subplan and rescans it for every row, and the page ran past the
 * 60 s statement timeout. Ranking by ts_rank read each match's tsvector again (docs/notes/search.md).
 */
export const searchRows = (text: string) => {
  const { byWords, byParts, matches, toolIds } = partsOf(text);
  const exact = text.trim().toLowerCase();
  const exactTier = sql.fragment`CASE WHEN r.number::text = ${exact} OR lower(r.hotlinegas_number) = ${exact} THEN 2 ELSE 0 END`;
  const wordsTier = byParts ? sql.fragment`CASE WHEN ${byWords} THEN 1 ELSE 0 END` : sql.fragment`1`;
  return (conditions: FragmentSqlToken): FragmentSqlToken => sql.fragment`
    SELECT r.id, r.request_date_add, ${exactTier} + ${wordsTier} AS search_rank
    FROM rm_requests r JOIN rm_request_search s ON s.id = r.id WHERE ${conditions} AND ${matches}
    ${toolIds
      ? sql.fragment`UNION ALL
    SELECT r.id, r.request_date_add, ${exactTier} AS search_rank FROM rm_requests r
    WHERE ${conditions} AND r.tool_ids && ${toolIds} AND NOT EXISTS (SELECT 1 FROM rm_request_search s WHERE s.id = r.id AND ${matches})`
      : sql.fragment``}`;
};
