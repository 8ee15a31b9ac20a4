/**
 * The equipment registry's figures (decisions 41–47, `npm run bench -- --only tools`): the list for 12 filter
 * combinations as the ALL and the OWN user on page 1 and a deep page, age counts for the whole country,
 * the card, a card save by 8 concurrent clients, and the xlsx export of 100,000 tools with the server's
 * peak RSS. Called by bench/run.ts with its clients and its figure recorder.
 */
import { sql, type DatabasePool } from 'slonik';
import { ApiClient, enc, percentile } from './lib/http';
import { peakRssDuring } from './lib/server';

export interface ToolBenchDeps {
  readonly pool: DatabasePool;
  readonly serverUrl: string;
  readonly serverPid: number;
  readonly password: string;
  readonly quick: boolean;
  readonly all: ApiClient;
  readonly own: ApiClient;
  readonly ownUser: { units: number[]; region_id: number };
  readonly writers: ReadonlyArray<{ login: string; units: number[] }>;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const MB = 1024 * 1024;

export const benchTools = async (d: ToolBenchDeps): Promise<void> => {
  const { pool, all, own, figure, details } = d;
  console.log('Equipment registry');
  const sample = await pool.one(sql.unsafe`
    SELECT serial_number, inventar_number, tool_kind_id FROM rm_tools WHERE NOT deleted AND unit_id = ANY(${sql.array(d.ownUser.units, 'int4')}) ORDER BY id LIMIT 1`);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  // 12 combinations of the list's filter fields (equipment.md 3), each as ALL and OWN, page 1 and a deep page.
  const scenarios: Array<[string, object]> = [
    ['no filter', {}],
    ['region', { region_id: d.ownUser.region_id }],
    ['unit set (5 units)', { units_ids: d.ownUser.units.slice(0, 5) }],
    ['kind', { tool_kind_ids: [Number(sample.tool_kind_id)] }],
    ['state broken', { tool_state: 2 }],
    ['age: 5 years or more', { tool_age: 'old' }],
    ['age under 5 + kind', { tool_age: 'new', tool_kind_ids: [Number(sample.tool_kind_id)] }],
    ['commissioned in the last year', { tool_work_in_dt_from: yearAgo, tool_work_in_dt_till: today }],
    ['serial number part', { serial_number: String(sample.serial_number).slice(2, 6) }],
    ['inventory number exact', { inventar_number: String(sample.inventar_number), inventar_exact: true }],
    ['in a set + owner type + cost range', { tool_in_set: true, tool_owner_type_id: 2, tool_cost_remain_from: 1000, tool_cost_remain_upto: 30000 }],
    ['not in a set + not exchange stock + note', { tool_in_set: false, tool_exchange_stock: false, tool_description: 'зал' }],
  ];
  const calls = d.quick ? 3 : 20;
  const rows: Array<Record<string, unknown>> = [];
  const deepPage = 500;
  for (const [name, filter] of scenarios)
    for (const [who, client] of [['ALL', all], ['OWN', own]] as const)
      for (const page of [1, deepPage]) {
        const path = `/api/tool/${enc({ ...filter, ...(page > 1 ? { pageNumber: page } : {}) })}`;
        let items = 0;
        for (let i = 0; i < 2; i++) {
          const r = await client.call<{ itemsCount: number }>('GET', path);
          if (r.status !== 200) throw new Error(`tool list ${name}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
          items = r.body.itemsCount;
        }
        const t: number[] = [];
        for (let i = 0; i < calls; i++) t.push((await client.call('GET', path)).ms);
        const label = page === 1 ? 'page 1' : `page ${deepPage} (or last)`;
        rows.push({ scenario: name, user: who, page: label, items, p50: percentile(t, 50), p95: percentile(t, 95) });
        figure(`tool list ${who} ${name}, ${label} (${items} rows) p95`, percentile(t, 95), 'ms', 50, 'max', `p50 ${percentile(t, 50).toFixed(1)} ms`);
      }
  details.tool_lists = rows;

  // Age counts for the whole country (the ALL user, no region).
  {
    const t: number[] = [];
    for (let i = 0; i < (d.quick ? 3 : 20) + 2; i++) {
      const r = await all.call<{ total: { total: number } }>('GET', '/api/tools_age_count');
      if (r.status !== 200) throw new Error(`age counts: ${r.status}`);
      if (i >= 2) t.push(r.ms);
    }
    details.tool_age_counts = { p50: percentile(t, 50), p95: percentile(t, 95) };
    figure('tool age counts, whole country p95', percentile(t, 95), 'ms', 100, 'max', `p50 ${percentile(t, 50).toFixed(1)} ms`);
  }

  // The card of random tools.
  {
    const ids = (await pool.anyFirst(sql.unsafe`SELECT id FROM rm_tools WHERE NOT deleted ORDER BY (id::bigint * 7919) % 10007 LIMIT 60`)).map(Number);
    const t: number[] = [];
    for (const [i, id] of ids.entries()) {
      const r = await all.call('GET', `/api/tool_card/${id}`);
      if (r.status !== 200) throw new Error(`tool card ${id}: ${r.status}`);
      if (i >= 5) t.push(r.ms);
    }
    details.tool_card = { n: t.length, p50: percentile(t, 50), p95: percentile(t, 95) };
    figure('tool card p95', percentile(t, 95), 'ms', 30, 'max', `p50 ${percentile(t, 50).toFixed(1)} ms`);
  }

  // A card save (PUT /api/tool/{id}, JSON body) by 8 concurrent clients, each on a tool of its own units.
  {
    const warmup = d.quick ? 1 : 3;
    const iterations = warmup + (d.quick ? 3 : 40);
    const times: number[] = [];
    const failures: string[] = [];
    await Promise.all(
      d.writers.slice(0, 8).map(async (wr, w) => {
        const c = new ApiClient(d.serverUrl);
        await c.signIn(wr.login, d.password);
        const toolId = Number(await pool.oneFirst(sql.unsafe`
          SELECT id FROM rm_tools WHERE NOT deleted AND state = 1 AND unit_id = ANY(${sql.array(wr.units, 'int4')}) ORDER BY id OFFSET ${w} LIMIT 1`));
        for (let i = 0; i < iterations; i++) {
          const card = await c.call<{ tool: Record<string, unknown> }>('GET', `/api/tool_card/${toolId}`);
          if (card.status !== 200) {
            failures.push(`card ${card.status}`);
            break;
          }
          const { tool } = card.body;
          const input = Object.fromEntries(
            ['unit_id', 'tools_set_id', 'tool_kind_id', 'manufacturer_id', 'model_id', 'model', 'serial_number', 'inventar_number', 'owner_type_id', 'cost_remain',
              'exchange_stock', 'work_in_dt', 'guaranty_dt', 'work_out_dt', 'state', 'buh_name', 'tool_softwares', 'traits', 'tool_places', 'tool_movings'].map((k) => [k, tool[k]]),
          );
          const saved = await c.call('PUT', `/api/tool/${toolId}`, {
            tool: { ...input, id: toolId, description: `Нагрузочная проверка ${w}-${i}` },
            revision: tool.revision,
            filesList: (tool.files as Array<{ file_id: string }>).map((f) => f.file_id),
          });
          if (saved.status !== 200) {
            failures.push(`save ${saved.status} ${JSON.stringify(saved.body).slice(0, 200)}`);
            if (saved.status === 404) break;
            continue;
          }
          if (i >= warmup) times.push(saved.ms);
        }
      }),
    );
    if (failures.length) console.log(`  ${failures.length} failed tool saves, e.g. ${failures[0]}`);
    details.tool_save = { clients: 8, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), failures: failures.length };
    figure('tool save p95 (8 clients)', percentile(times, 95), 'ms', 30, 'max', `p50 ${percentile(times, 50).toFixed(1)} ms, ${times.length} saves`);
  }

  // The xlsx export of 100,000 tools (fewer at small scales): the newest commissioning dates.
  {
    const wanted = 100_000;
    const cutoff = (await pool.maybeOneFirst(sql.unsafe`
      SELECT work_in_dt FROM rm_tools WHERE NOT deleted AND work_in_dt IS NOT NULL ORDER BY work_in_dt DESC OFFSET ${wanted - 1} LIMIT 1`)) as string | null;
    const filter = cutoff ? { tool_work_in_dt_from: String(cutoff).slice(0, 10) } : {};
    const count = (await all.call<{ itemsCount: number }>('GET', `/api/tool/${enc(filter)}`)).body.itemsCount;
    const { result, peak, before } = await peakRssDuring(d.serverPid, () => all.download(`/api/tool_export/xlsx/${enc(filter)}`));
    if (result.status !== 200) throw new Error(`tool export: ${result.status}`);
    details.tool_export_xlsx = { rows: count, bytes: result.bytes, seconds: result.ms / 1000, rssBeforeMB: before / MB, peakRssMB: peak / MB };
    figure(`tool xlsx export of ${count} rows: time`, result.ms / 1000, 's', 8, 'max', `${(result.bytes / MB).toFixed(1)} MB`);
    figure(`tool xlsx export of ${count} rows: server peak RSS`, peak / MB, 'MB', 400, 'max', `before ${(before / MB).toFixed(0)} MB`);
  }
};
