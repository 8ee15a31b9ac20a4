import { sql, type FragmentSqlToken } from 'slonik';

/**
 * A catalogue item's title by id, as a scalar subquery of a select list. Beside the row's own joins a
 * LEFT JOIN per catalogue made the planner search their join orders: a tool page's plan took ~4 ms
 * against ~2 ms to run it, ~0.8 ms with subqueries (issue 18, scale 1).
 */
export const catalogTitle = (catalog: string, id: FragmentSqlToken) =>
  sql.fragment`(SELECT title FROM rm_catalog_items WHERE catalog = ${catalog} AND id = ${id})`;
