/**
 * The equipment references' figures (decisions 48–56, `npm run bench -- --only references`): the model list
 * (GET /api/tool_model with the screen's filters) and the spare lists (the spares screen's
 * GET /api/spares_sets and the request dialog's search GET /api/spares_sets/{filter}), p95 <= 50 ms.
 * Called by bench/run.ts with a signed-in admin client and its figure recorder.
 */
import { sql, type DatabasePool } from 'slonik';
import { type ApiClient, enc, percentile, timedGets } from './lib/http';

export interface ReferencesBenchDeps {
  readonly pool: DatabasePool;
  readonly client: ApiClient;
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

export const benchReferences = async (d: ReferencesBenchDeps): Promise<void> => {
  console.log('Equipment references');
  const calls = d.quick ? 10 : 50;
  const kind = Number((await d.pool.maybeOneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'tool_kind' AND NOT deleted ORDER BY id LIMIT 1`)) ?? 0);
  const region = Number((await d.pool.maybeOneFirst(sql.unsafe`SELECT region_id FROM rm_spares_sets ORDER BY id LIMIT 1`)) ?? 0);
  const cases: Array<[string, string]> = [
    ['model list, page 1', '/api/tool_model?pageNumber=1'],
    ['model list, kind + verified + name part', `/api/tool_model?pageNumber=1&tool_kind_id=${kind}&is_verified=true&text=${encodeURIComponent('a')}`],
    ['spares sets list, page 1', '/api/spares_sets?pageNumber=1'],
    ['spares sets list, region + text', `/api/spares_sets?pageNumber=1&region_id=${region}&text=${encodeURIComponent('картридж')}`],
    ['spares search of the request dialog', `/api/spares_sets/${enc({ region_id: region, title: 'а' })}`],
  ];
  const out: Record<string, { p50: number; p95: number }> = {};
  for (const [name, path] of cases) {
    const ms = await timedGets(d.client, path, calls);
    out[name] = { p50: percentile(ms, 50), p95: percentile(ms, 95) };
    d.figure(`${name} p95`, percentile(ms, 95), 'ms', 50);
  }
  d.details.references = out;
};
