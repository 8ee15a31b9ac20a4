import { sql, type FragmentSqlToken } from 'slonik';

/**
 * A catalogue item's title by id, as a scalar subquery of a select list. Beside the row's own joins a
 * LEFT JOIN per catalogue made the planner search their join orders: planning a tool page cost more
 * than running it, and subqueries cost less than both (docs/notes/bench.md).
 */
export const catalogTitle = (catalog: string, id: FragmentSqlToken) =>
  sql.fragment`(SELECT title FROM rm_catalog_items WHERE catalog = ${catalog} AND id = ${id})`;
