import { sql, type CommonQueryMethods } from 'slonik';
import { CUSTOM_PLAN } from '../../infrastructure/perf/prepared-statements';
import { statusTitle } from '../../domain/request';
import type { UnitScope } from '../../domain/rights/scope';
import type { HomeRecentRequest, HomeWeek } from '../../domain/home/contracts';

type Db = Pick<CommonQueryMethods, 'any' | 'oneFirst'>;

const scopeCondition = (scope: UnitScope) => (scope.all ? sql.fragment`true` : sql.fragment`r.unit_id = ANY(${sql.array([...scope.unitIds], 'int4')})`);

/** The requests a user registered, newest first (rm_requests_registered_by). */
export const recentRequestsOf = async (db: Db, userId: number, scope: UnitScope, limit = 5): Promise<HomeRecentRequest[]> =>
  (
    await db.any(sql.unsafe`
      SELECT r.id, r.number, r.request_date_add, r.request_status_id, r.request_text FROM rm_requests r
      WHERE NOT r.deleted AND r.registered_by = ${userId} AND ${scopeCondition(scope)}
      ORDER BY r.request_date_add DESC, r.id DESC LIMIT ${limit}`)
  ).map((r) => ({
    id: Number(r.id),
    number: r.number == null ? null : Number(r.number),
    request_date_add: String(r.request_date_add),
    statusTitle: statusTitle(r.request_status_id as number | null),
    request_text: String(r.request_text ?? '').slice(0, 200),
  }));

/**
 * Open requests of the scope per executor (an executor is in a request's engineers once): counted
 * first, and only the top `limit` executors' names joined (a join before the count hashed every user).
 * Planned for its values, as the chart's counts: a prepared plan cannot see the unit list and read a
 * branch's every request along its dates (65 ms) instead of its open ones (1 ms).
 */
export const openByEngineer = async (db: Db, scope: UnitScope, statuses: readonly number[], from: string, till: string, limit = 10) =>
  (
    await db.any(sql.unsafe`
      SELECT top.id, top.n, u.fio
      FROM (
        SELECT ${CUSTOM_PLAN} e.id, count(*)::int AS n
        FROM rm_requests r CROSS JOIN LATERAL unnest(r.engineers) AS e(id)
        WHERE NOT r.deleted AND ${scopeCondition(scope)} AND r.request_status_id = ANY(${sql.array([...statuses], 'int4')})
          AND r.request_date_add >= ${`${from}T00:00:00.000Z`}::timestamptz AND r.request_date_add < (${till}::date + 1)::timestamptz
        GROUP BY e.id ORDER BY n DESC, e.id LIMIT ${limit}
      ) top
      LEFT JOIN rm_users u ON u.id = top.id
      ORDER BY top.n DESC, top.id`)
  ).map((r) => ({ id: Number(r.id), count: Number(r.n), fio: (r.fio as string | null) ?? `№${Number(r.id)}` }));

const DAY_MS = 86_400_000;

/** The Mondays of the `weeks` weeks up to `today`'s week, oldest first, as 'YYYY-MM-DD'. */
export const weekStarts = (today: string, weeks: number): string[] => {
  const day = new Date(`${today}T00:00:00.000Z`);
  const monday = day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: weeks }, (_, i) => new Date(monday - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
};

/**
 * Requests registered and completed (result date) per week, the `weeks` weeks up to `today`'s week,
 * in the scope; weeks start on Monday. The first Monday is a value, not a series in the query: the
 * planner then knows the few weeks it reads (a series it could not size made it guess millions of
 * rows, start parallel workers and compile the plan, 100 ms for 56,000 requests).
 */
export const weeklyCounts = async (db: Db, scope: UnitScope, today: string, weeks: number): Promise<HomeWeek[]> => {
  const starts = weekStarts(today, weeks);
  const first = starts[0]!;
  const byWeek = (rows: readonly Record<string, unknown>[]) => new Map(rows.map((r) => [String(r.week), Number(r.n)]));
  const [registered, completed] = await Promise.all([
    db.any(sql.unsafe`
      SELECT ${CUSTOM_PLAN} to_char(date_trunc('week', r.request_date_add AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, count(*)::int AS n FROM rm_requests r
      WHERE NOT r.deleted AND ${scopeCondition(scope)} AND r.request_date_add >= ${`${first}T00:00:00.000Z`}::timestamptz
      GROUP BY 1`).then(byWeek),
    db.any(sql.unsafe`
      SELECT ${CUSTOM_PLAN} to_char(date_trunc('week', r.result_d::timestamp), 'YYYY-MM-DD') AS week, count(*)::int AS n FROM rm_requests r
      WHERE NOT r.deleted AND ${scopeCondition(scope)} AND r.result_d IS NOT NULL AND r.result_d >= ${first}::date
      GROUP BY 1`).then(byWeek),
  ]);
  return starts.map((week) => ({ week, registered: registered.get(week) ?? 0, completed: completed.get(week) ?? 0 }));
};

/** A user's unread notifications (state 1 'Новое'). */
export const unreadNotifications = async (db: Db, userId: number): Promise<number> =>
  Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_notifications WHERE user_id = ${userId} AND state = 1`));
