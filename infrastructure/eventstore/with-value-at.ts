/**
 * A copy of `data` with `value` at `path` (objects along the path copied, missing ones created):
 * how a value the store assigns at append time (a yearly number) enters an event the decider made.
 */
export const withValueAt = (data: unknown, path: readonly string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const obj = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { ...obj, [head]: withValueAt(obj[head], rest, value) };
};
