/**
 * The search and home figures (`npm run bench -- --only search`): request search, 20 cases (a common
 * word, a rare word, a word form, a number fragment, a phrase; ALL and OWN scope; with and without
 * other filters; page 1 and a deep page), each p95 <= 50 ms and within its query function called on
 * the database directly + 10 ms; equipment search, 10 cases, p95 <= 50 ms; GET /api/home per demo
 * role, p95 <= 50 ms; and the search's extra read-model size (rm_request_search, the tool search
 * columns and indexes) beside the read models' total.
 */
import { sql, type DatabasePool } from 'slonik';
import { parseRequestFilter } from '../domain/request/list-filter';
import type { UnitScope } from '../domain/rights/scope';
import { listRequests } from '../projections/request/list/queries';
import { type ApiClient, enc, percentile, timedGets } from './lib/http';

export interface SearchBenchDeps {
  readonly pool: DatabasePool;
  readonly all: ApiClient;
  readonly own: ApiClient;
  readonly allScope: UnitScope;
  readonly ownScope: UnitScope;
  /** Signed-in clients of the demo roles that exist in the bench data, by login. */
  readonly roles: ReadonlyArray<readonly [string, ApiClient]>;
  readonly range: { date_beg: string; date_end: string };
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const MB = 1024 * 1024;

const timedDirect = async (run: () => Promise<unknown>, calls: number): Promise<number[]> => {
  const ms: number[] = [];
  for (let i = 0; i < calls + 2; i++) {
    const t = performance.now();
    await run();
    if (i >= 2) ms.push(performance.now() - t);
  }
  return ms;
};

export const benchSearch = async (d: SearchBenchDeps): Promise<void> => {
  console.log('Search and home');
  const calls = d.quick ? 10 : 40;
  const today = new Date().toISOString().slice(0, 10);
  const number = String((await d.pool.maybeOneFirst(sql.unsafe`SELECT number FROM rm_requests WHERE number IS NOT NULL ORDER BY id DESC LIMIT 1`)) ?? '12345');
  const fragment = number.slice(1, Math.max(4, number.length - 1));
  const kind = { request_kinds_ids: [2] };
  const status = { request_statuses_ids: [4, 7] };
  const cases: Array<[string, 'all' | 'own', Record<string, unknown>]> = [
    ['common word', 'all', { search: 'работает' }],
    ['common word', 'own', { search: 'работает' }],
    ['frequent word', 'all', { search: 'печати' }],
    ['rare word', 'all', { search: 'аудиопротоколирования' }],
    ['rare word', 'own', { search: 'аудиопротоколирования' }],
    ['word form', 'all', { search: 'картриджи' }],
    ['word form', 'own', { search: 'мониторах' }],
    ['number fragment', 'all', { search: fragment }],
    ['number fragment', 'own', { search: fragment }],
    ['whole number', 'all', { search: number }],
    ['phrase', 'all', { search: '"замятие бумаги"' }],
    ['phrase', 'own', { search: '"замятие бумаги"' }],
    ['word part', 'all', { search: 'видеоконф' }],
    ['chat word', 'all', { search: 'ускорить' }],
    ['word + kind', 'all', { search: 'картридж', ...kind }],
    ['word + statuses', 'own', { search: 'картридж', ...status }],
    ['word + kind + statuses', 'all', { search: 'шум', ...kind, ...status }],
    ['common word, deep page', 'all', { search: 'работает', pageNumber: 50 }],
    ['frequent word, deep page', 'own', { search: 'печати', pageNumber: 3 }],
    ['two words', 'all', { search: 'ошибка подключения' }],
  ];
  const out: Record<string, { p95: number; direct_p95: number; items: number }> = {};
  const p95s: number[] = [];
  for (const [name, who, f] of cases) {
    const filter = { ...d.range, ...f };
    const client = who === 'all' ? d.all : d.own;
    const path = `/api/request/${enc(filter)}`;
    const first = await client.call<{ itemsCount: number }>('GET', path);
    const ms = await timedGets(client, path, calls);
    const parsed = parseRequestFilter(filter, today);
    const direct = await timedDirect(() => listRequests(d.pool, parsed, who === 'all' ? d.allScope : d.ownScope), calls);
    const p95 = percentile(ms, 95);
    const directP95 = percentile(direct, 95);
    p95s.push(p95);
    out[`${name} (${who})`] = { p95, direct_p95: directP95, items: first.body.itemsCount };
    d.figure(`request search: ${name} (${who.toUpperCase()}) p95`, p95, 'ms', Math.min(50, directP95 + 10), 'max', `${first.body.itemsCount} found; query alone p95 ${directP95.toFixed(1)} ms`);
  }
  d.figure('request search: p95 over the 20 cases (worst)', Math.max(...p95s), 'ms', 50);

  // Equipment search.
  const tool = (await d.pool.maybeOne(sql.unsafe`SELECT serial_number, inventar_number, model, tool_kind_id FROM rm_tools WHERE NOT deleted ORDER BY id DESC LIMIT 1`)) as
    | { serial_number: string; inventar_number: string | null; model: string; tool_kind_id: number }
    | null;
  // A word of an object's name that names few objects (a city or a court's own word).
  const unitWord = String(
    (await d.pool.maybeOneFirst(sql.unsafe`
      SELECT w FROM (SELECT (regexp_matches(name, '[А-Яа-яЁё]{6,}', 'g'))[1] AS w FROM rm_units) x
      GROUP BY w ORDER BY count(*), w LIMIT 1`)) ?? 'суд',
  );
  const serial = tool?.serial_number ?? 'SN';
  const toolCases: Array<[string, 'all' | 'own', Record<string, unknown>]> = [
    ['serial whole', 'all', { search: serial }],
    ['serial fragment', 'all', { search: serial.slice(2, 8) }],
    ['inventory fragment', 'all', { search: (tool?.inventar_number ?? '0001').slice(1, 6) }],
    ['model', 'all', { search: tool?.model.split(' ')[0] ?? 'HP' }],
    ['kind word form', 'all', { search: 'принтеры' }],
    ['kind word form', 'own', { search: 'принтеры' }],
    ['object name word', 'all', { search: unitWord }],
    ['model + kind filter', 'all', { search: tool?.model.split(' ')[0] ?? 'HP', tool_kind_ids: [tool?.tool_kind_id ?? 1] }],
    ['serial prefix, deep page', 'all', { search: serial.slice(0, 3), pageNumber: 5 }],
    ['nothing found', 'all', { search: 'гиппопотам' }],
  ];
  const toolOut: Record<string, { p95: number; items: number }> = {};
  for (const [name, who, f] of toolCases) {
    const client = who === 'all' ? d.all : d.own;
    const path = `/api/tool/${enc(f)}`;
    const first = await client.call<{ itemsCount: number }>('GET', path);
    const ms = await timedGets(client, path, calls);
    toolOut[`${name} (${who})`] = { p95: percentile(ms, 95), items: first.body.itemsCount };
    d.figure(`equipment search: ${name} (${who.toUpperCase()}) p95`, percentile(ms, 95), 'ms', 50, 'max', `${first.body.itemsCount} found`);
  }

  // Home page per role.
  const homeOut: Record<string, number> = {};
  for (const [login, client] of d.roles) {
    const ms = await timedGets(client, '/api/home', calls);
    homeOut[login] = percentile(ms, 95);
    d.figure(`home page data (${login}) p95`, percentile(ms, 95), 'ms', 50);
  }

  // The search's extra size beside the read models' total.
  const size = async (q: ReturnType<typeof sql.unsafe>) => Number(await d.pool.oneFirst(q));
  const searchTable = await size(sql.unsafe`SELECT COALESCE(pg_total_relation_size(to_regclass('rm_request_search')), 0)`);
  const toolIndexes = await size(sql.unsafe`
    SELECT COALESCE(sum(pg_relation_size(indexrelid)), 0) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname IN ('rm_tools_search_trgm', 'rm_tools_search_words', 'rm_requests_registered_by')`);
  const toolColumns = await size(sql.unsafe`SELECT COALESCE(sum(pg_column_size(search_body) + pg_column_size(search_words)), 0) FROM rm_tools`);
  const total = await size(sql.unsafe`SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'rm\\_%'`);
  const extra = searchTable + toolIndexes + toolColumns;
  d.figure('search: extra read-model size', extra / MB, 'MB', null, 'max', `of ${(total / MB).toFixed(0)} MB read models (rm_request_search ${(searchTable / MB).toFixed(1)} MB, tool columns ${(toolColumns / MB).toFixed(1)} MB, indexes ${(toolIndexes / MB).toFixed(1)} MB)`);
  d.details.search = { requests: out, tools: toolOut, home: homeOut, bytes: { searchTable, toolColumns, toolIndexes, total } };
};
