import { sql } from 'slonik';
import type { CommandContext } from '../../domain/shared/events';
import { RequestKind } from '../../domain/request/enums';
import { createNotifications } from '../../commands/notification/notifications';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import { DemoPlanner, type FilialTarget, type HotlineTarget, type Plan } from './demo-plans';
import { seedDemoActs } from './demo-acts';
import { seedDemoInventory } from './demo-inventory';
import { registerWaitingTools } from './demo-tools';
import { loadDemoWorld, type DemoUser } from './demo-world';
import { settle } from './settle';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The generator's seed: the same demo every start, whatever the day (two starts compare equal). */
const DEMO_SEED = 20_261_128;

export interface LivingDemoResult {
  readonly requests: number;
  /** Commands the demo expected to succeed but that were refused (logged; a test asserts none). */
  readonly failures: string[];
  readonly position: Position | null;
}

/** The same small generator the demo seed uses, with a fixed seed: the demo is the same on every start. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** The branch's mix of work: how many requests end where (about 150 with the other regions). */
const filialMix: Array<[FilialTarget, number]> = [
  ['waiting', 16], ['performing', 16], ['performed', 12], ['closed', 40], ['resumed', 2], ['reexecuted', 3],
  ['recalled', 5], ['mistake', 5], ['to-hotline', 3],
];
const hotlineMix: Array<[HotlineTarget, number]> = [['waiting', 5], ['performing', 6], ['performed', 5], ['closed', 8], ['reexecuted', 1]];
const otherRegionMix: FilialTarget[] = ['waiting', 'waiting', 'performing', 'performing', 'performed', 'closed', 'closed', 'closed', 'recalled', 'mistake'];
/** Every kind of the branch's own work in turn (mistake and revoke arise from their targets). */
const kindCycle = [2, 1, 2, 4, 7, 3, 5, 2, 8, 11, 12, 1, 2, 8, 3, 7, 4, 5, 11, 2];

/**
 * A few weeks of the demo branch's life, seeded through the real command handlers with the demo
 * accounts as actors and dated relative to `today`: about 150 requests of every kind in every
 * reachable status, their saves, acts, chat with files and notifications, group creation, hot line
 * work, and new equipment awaiting commissioning. Runs after the demo seed (needs its accounts).
 */
export const seedLivingDemo = async (ctx: AppContext, today: Date = new Date()): Promise<LivingDemoResult> => {
  const world = await loadDemoWorld(ctx);
  const nowMs = today.getTime();
  const rnd = random(DEMO_SEED);
  let correlation = 0;
  const contextAt = (ms: number, user: DemoUser | null): CommandContext => ({
    userId: user?.user.id ?? null,
    now: new Date(Math.min(ms, nowMs)).toISOString(),
    correlationId: `living-demo-${++correlation}`,
    causationId: null,
  });
  const u = world.users as Record<string, DemoUser>;
  const failures: string[] = [];
  const setTypeId = await ctx.pool.maybeOneFirst(sql.unsafe`
    SELECT id FROM rm_catalog_items WHERE catalog = 'tools_sets_names' AND NOT deleted ORDER BY id LIMIT 1`);
  let position = await registerWaitingTools(ctx, world, u.engineer!, (d) => contextAt(nowMs - d * DAY, u.engineer!), setTypeId == null ? null : Number(setTypeId));
  // Commissioning requests look the new tools up in the read model.
  await settle(ctx);

  const planner = new DemoPlanner(ctx, world, rnd, today.toISOString().slice(0, 4));
  const plans: Plan[] = [];
  const engineers = [u.engineer!, u.engineer!, u.engineer2!];
  let k = 0;
  const courtUnits = world.units.filter((x) => world.courtUnitIds.includes(x.id));
  for (const [target, count] of filialMix)
    for (let i = 0; i < count; i++) {
      const kind = kindCycle[k++ % kindCycle.length]!;
      // Half the branch's requests come from the court account's own building(s).
      const own = rnd() < 0.5;
      const unit = own ? planner.pick(courtUnits) : planner.pick(world.units);
      const fromCourt = world.courtUnitIds.includes(unit.id) && rnd() < 0.7;
      const by = fromCourt ? u.court! : rnd() < 0.8 ? u.engineer! : u.chief!;
      plans.push(planner.filial({ kind, unit, by, engineer: planner.pick(engineers), target, assign: rnd() < 0.6 }));
    }
  for (const [target, count] of hotlineMix)
    for (let i = 0; i < count; i++)
      plans.push(planner.hotline({ unit: planner.pick(world.units), target, worker: rnd() < 0.7 ? u.hotline! : u.hotline2! }));
  plans.push(planner.group(world.units.slice(1, 5), u.engineer!));
  for (const region of world.others)
    for (const target of otherRegionMix)
      plans.push(
        planner.filial({
          kind: planner.pick([RequestKind.REPAIR_HARD, RequestKind.COMMON_SOFTWARE, RequestKind.TASK, RequestKind.CONSULTATION]),
          unit: planner.pick(region.units),
          by: region.court,
          engineer: region.engineer,
          target,
          region: { chief: region.engineer, court: region.court },
        }),
      );

  // Each plan's commands get times: a start within its window, then gaps of hours, all before now.
  const timed: Array<{ at: number; seq: number; plan: Plan; index: number }> = [];
  let seq = 0;
  for (const plan of plans) {
    const [from, to] = plan.daysAgo;
    const start = nowMs - (from + rnd() * (to - from)) * DAY - (1 + rnd() * 3) * HOUR;
    const gaps = plan.steps.map((s, i) => (i === 0 ? 0 : ((s.gapHours?.[0] ?? 2) + rnd() * ((s.gapHours?.[1] ?? 30) - (s.gapHours?.[0] ?? 2))) * HOUR));
    const total = gaps.reduce((a, b) => a + b, 0);
    const room = nowMs - 10 * 60_000 - start;
    const scale = total > room ? room / total : 1;
    let at = start;
    plan.steps.forEach((_, i) => {
      at += gaps[i]! * scale;
      timed.push({ at: Math.round(at), seq: seq++, plan, index: i });
    });
  }
  timed.sort((a, b) => a.at - b.at || a.seq - b.seq);

  // Run the branch's history in time order, one command at a time, each followed by everything it
  // sets off (read models, reactions, their follow-up events), as hours between the commands would
  // give. Side by side, a reaction reading a request's current state saw a later state on one start
  // than on another, and a command's lookups saw lagging read models: the demo differed per start.
  const broken = new Set<Plan>();
  for (const t of timed) {
    if (broken.has(t.plan)) continue;
    try {
      await t.plan.steps[t.index]!.run((user) => contextAt(t.at, user));
    } catch (error) {
      // A refused command stops the rest of its request.
      broken.add(t.plan);
      const message = `${t.plan.label} step ${t.index}: ${error instanceof Error ? error.message : String(error)}`;
      failures.push(message);
      ctx.log.warn({ err: message }, 'living demo: a command was refused');
    }
    await settle(ctx);
  }

  // A few notices sent from the notification dialog.
  const notices: Array<[DemoUser, DemoUser[], string]> = [
    [u.chief!, [u.signer!, u.engineer!], 'Прошу подписать акты выполненных работ за прошлую неделю.'],
    [u.senior!, [u.hotline!, u.hotline2!, u.admin!], 'Плановое обновление сервера подсистемы в пятницу с 18:00, учитывайте при работе с заявками.'],
    [u.chief!, [u.admin!, u.engineer2!], 'Проверьте, пожалуйста, назначение исполнителей по заявкам суда.'],
  ];
  const closed = planner.lives.filter((l) => l.state?.request_status_id === 7 && l.unit.regionId === world.units[0]!.regionId);
  for (const [i, [from, to, info]] of notices.entries()) {
    const target = closed[i] ?? planner.lives[i];
    try {
      const r = await createNotifications(ctx, { notificationType: 'message', requestId: target?.id ?? null, usersIds: to.map((x) => x.user.id), notificationInfo: info }, contextAt(nowMs - (i + 1) * HOUR, from));
      position = r.position;
    } catch (error) {
      failures.push(`notice ${i}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await settle(ctx);
  }

  // Generated acts on a few performing requests (decisions 72–86): the command reads the request lists' read model, so caught up first.
  await seedDemoActs(ctx, u.engineer!, (user) => contextAt(nowMs, user));
  // Inventory rounds at the demo court: one finished, one in progress.
  try {
    await seedDemoInventory(ctx, u.engineer!, world.courtUnitIds, (ago) => contextAt(nowMs - ago, u.engineer!));
  } catch (error) {
    failures.push(`inventory: ${error instanceof Error ? error.message : String(error)}`);
  }
  await settle(ctx);
  const head = await ctx.store.headPosition();
  return { requests: planner.lives.filter((l) => l.id > 0).length, failures, position: head ?? position };
};
