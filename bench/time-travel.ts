/**
 * Time travel and the audit trail (decisions 97–99, `npm run bench -- --only timetravel`): a request with
 * ~500 changes as of a moment (GET /api/request_single/{id}?at=, p95 <= 30 ms), the audit page
 * (GET /api/audit with the screen's filters, p95 <= 100 ms) and the audit export of 1,000,000 events
 * (<= 60 s, server peak RSS <= 400 MB). Called by bench/run.ts with an admin client (RIGHT_AUDIT).
 */
import { sql, type DatabasePool } from 'slonik';
import { handleCommand } from '../commands/handle-command';
import { roleDecider, roleStreamId } from '../domain/role/decider';
import { allRights } from '../domain/rights/rights';
import { AccessLevel, RightValue } from '../domain/rights/values';
import type { Actor } from '../domain/shared/actor';
import type { CommandContext } from '../domain/shared/events';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { withUpcasting } from '../infrastructure/eventstore/upcasting';
import { upcasters } from '../api/upcasters';
import { type ApiClient, enc, percentile } from './lib/http';
import { peakRssDuring } from './lib/server';

export interface TimeTravelBenchDeps {
  readonly pool: DatabasePool;
  readonly client: ApiClient;
  readonly serverPid: number;
  readonly quick: boolean;
  /** A request with the long history the seed planted (bench_info.longHistory). */
  readonly longId: number | undefined;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const MB = 1024 * 1024;

const timed = async (client: ApiClient, paths: readonly string[], rounds: number): Promise<number[]> => {
  const ms: number[] = [];
  for (let i = 0; i < rounds + 1; i++)
    for (const path of paths) {
      const r = await client.call('GET', path);
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      // The first round warms the connection and the caches.
      if (i > 0) ms.push(r.ms);
    }
  return ms;
};

/**
 * Adds RIGHT_AUDIT (FULL) to the roles of the bench's admin that hold RIGHT_SETTINGS, through the real
 * command path: the role decider and the event store, as the system actor (an administrator may not
 * give a role a right they lack themselves, and on a database seeded before the right nobody holds it;
 * the first installation's seed creates the administrator role the same way). The server's role read
 * model then takes the RoleUpdated event. Returns the ids of the roles changed.
 */
const grantAudit = async (d: TimeTravelBenchDeps): Promise<number[]> => {
  const mine = (((await d.pool.maybeOneFirst(sql.unsafe`SELECT users_roles FROM rm_users WHERE login = 'admin'`)) ?? []) as number[]).map(Number);
  const store = withUpcasting(new PostgresEventStore(d.pool), upcasters);
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  const context: CommandContext = { userId: null, now: new Date().toISOString(), correlationId: 'bench-grant-audit', causationId: null };
  const granted: number[] = [];
  for (const id of mine) {
    const rights = (await d.pool.maybeOneFirst(sql.unsafe`SELECT rights_object FROM rm_roles WHERE id = ${id} AND NOT deleted`)) as Record<string, number> | null;
    if (!rights || rights.RIGHT_SETTINGS !== RightValue.FULL || rights.RIGHT_AUDIT === RightValue.FULL) continue;
    const input = { rightsObject: { ...rights, RIGHT_AUDIT: RightValue.FULL } };
    await handleCommand(store, roleDecider, roleStreamId(id), { type: 'SaveRole', id, input, actor: system }, context);
    granted.push(id);
  }
  // The read side (the signed-in user's rights come from rm_roles) takes the change shortly.
  for (let i = 0; i < 300 && granted.length > 0; i++) {
    const done = Number(await d.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_roles WHERE id = ANY(${sql.array(granted, 'int4')}) AND rights_object->>'RIGHT_AUDIT' = ${String(RightValue.FULL)}`));
    if (done === granted.length) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`  granted RIGHT_AUDIT to the admin's role(s) ${granted.join(', ') || '(none)'} through the role command`);
  return granted;
};

/**
 * Waits until the audit read model has read the log up to its head (it takes every event, so its
 * checkpoint reaches the head; others stop at their last event of interest); progress every 15 s.
 */
const caughtUp = async (pool: DatabasePool): Promise<number> => {
  const start = Date.now();
  let said = 0;
  for (;;) {
    const row = await pool.maybeOne(sql.unsafe`
      SELECT c.prepare_position::int8 AS at, (SELECT COALESCE(max(global_position), 0) FROM es_events)::int8 AS head
      FROM projection_checkpoints c WHERE c.name = 'audit'`);
    const at = Number(row?.at ?? 0);
    const head = Number(row?.head ?? 1);
    if (row && at >= head) return (Date.now() - start) / 1000;
    if (Date.now() - said > 15_000) {
      said = Date.now();
      console.log(`  waiting for the audit read model to catch up with the log: position ${at} of ${head}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
};

export const benchTimeTravel = async (d: TimeTravelBenchDeps): Promise<void> => {
  console.log('Time travel and the audit trail');
  const out: Record<string, unknown> = {};
  // A database seeded before the audit read model existed fills it from the whole log when the server
  // starts (9M events at --scale 1): measured during that catch-up, every figure is the catch-up's
  // CPU, not the feature's (the first run's 170 ms). The figures wait for the read models to be current.
  out.catchUpSeconds = await caughtUp(d.pool);

  if (d.longId) {
    // Ten moments spread over the request's life: early ones fold few events, late ones ~500.
    const moments = (await d.pool.anyFirst(sql.unsafe`
      SELECT date_time FROM rm_request_history WHERE request_id = ${d.longId} AND date_time IS NOT NULL ORDER BY position`)) as Array<string | number>;
    const picks = Array.from({ length: 10 }, (_, i) => moments[Math.min(moments.length - 1, Math.floor(((i + 1) * moments.length) / 10) - 1)]).filter((m) => m != null);
    const paths = picks.map((m) => `/api/request_single/${d.longId}?at=${encodeURIComponent(new Date(m!).toISOString())}`);
    const ms = await timed(d.client, paths, d.quick ? 2 : 10);
    out.requestAt = { request: d.longId, changes: moments.length, p50: percentile(ms, 50), p95: percentile(ms, 95) };
    d.figure(`request at a moment (${moments.length} changes) p95`, percentile(ms, 95), 'ms', 30, 'max', `p50 ${percentile(ms, 50).toFixed(1)} ms`);
  }

  // The right is new (decisions 97–99): a database seeded before it has an admin role without it. The bench
  // grants it to the signed-in admin's roles through the real command path ('Роли и права', PUT
  // /api/roles/{id}), as an operator would after the upgrade; the audit read model fills from the log.
  let probe = await d.client.call('GET', `/api/audit?filter=${enc({})}`);
  if (probe.status === 403) {
    out.grantedAudit = await grantAudit(d);
    probe = await d.client.call('GET', `/api/audit?filter=${enc({})}`);
  }
  if (probe.status === 403) {
    console.log('  audit figures skipped: the signed-in admin lacks RIGHT_AUDIT (grant it in Роли и права, then re-run)');
    d.details.timeTravel = { ...out, audit: 'skipped: no RIGHT_AUDIT' };
    return;
  }
  const filled = Number(await d.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_audit`));
  out.auditRows = filled;
  const user = Number((await d.pool.maybeOneFirst(sql.unsafe`SELECT user_id FROM rm_audit WHERE user_id IS NOT NULL ORDER BY position DESC LIMIT 1`)) ?? 0);
  const newest = (await d.pool.maybeOneFirst(sql.unsafe`SELECT ts FROM rm_audit ORDER BY position DESC LIMIT 1`)) as string | number | null;
  const monthAgo = new Date(new Date(newest ?? Date.now()).getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const filters: Array<[string, object]> = [
    ['no filter', {}],
    ['user', { user_id: user }],
    ['requests', { kind: 'request' }],
    ['one request', { kind: 'request', object_id: String(d.longId ?? 1) }],
    ['last month', { date_from: monthAgo }],
    ['user + last month, 50 rows', { user_id: user, date_from: monthAgo, limit: 50 }],
  ];
  const pages: Record<string, number> = {};
  const all: number[] = [];
  for (const [name, f] of filters) {
    const ms = await timed(d.client, [`/api/audit?filter=${enc(f)}`], d.quick ? 5 : 20);
    pages[name] = percentile(ms, 95);
    all.push(...ms);
  }
  out.auditPage = pages;
  d.figure('audit page p95', percentile(all, 95), 'ms', 100, 'max', `worst filter ${Math.max(...Object.values(pages)).toFixed(1)} ms`);

  // The export of the newest 1,000,000 events (all of them when the log is smaller): the period
  // starts at the millionth newest event.
  const wanted = d.quick ? 100_000 : 1_000_000;
  const from = (await d.pool.maybeOneFirst(sql.unsafe`SELECT ts FROM rm_audit ORDER BY position DESC OFFSET ${wanted - 1} LIMIT 1`)) as string | number | null;
  const filter = from == null ? {} : { date_from: new Date(from).toISOString() };
  const rows = Number(await d.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_audit WHERE ts >= ${from == null ? '1970-01-01' : new Date(from).toISOString()}::timestamptz`));
  const { result, peak, before } = await peakRssDuring(d.serverPid, () => d.client.download(`/api/audit_export/${enc(filter)}`));
  if (result.status !== 200) throw new Error(`audit export: ${result.status}`);
  out.auditExport = { rows, bytes: result.bytes, seconds: result.ms / 1000, rssBeforeMB: before / MB, peakRssMB: peak / MB };
  d.figure(`audit xlsx export of ${rows} events`, result.ms / 1000, 's', 60);
  d.figure(`audit xlsx export of ${rows} events: server peak RSS`, peak / MB, 'MB', 400, 'max', `before ${(before / MB).toFixed(0)} MB`);
  d.details.timeTravel = out;
};
