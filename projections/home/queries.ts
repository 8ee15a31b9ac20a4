import { sql, type CommonQueryMethods } from 'slonik';
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

/** Open requests of the scope per executor (an executor is in a request's engineers once). */
export const openByEngineer = async (db: Db, scope: UnitScope, statuses: readonly number[], from: string, till: string, limit = 10) =>
  (
    await db.any(sql.unsafe`
      SELECT e.id, count(*)::int AS n, max(u.fio) AS fio
      FROM rm_requests r CROSS JOIN LATERAL unnest(r.engineers) AS e(id)
      LEFT JOIN rm_users u ON u.id = e.id
      WHERE NOT r.deleted AND ${scopeCondition(scope)} AND r.request_status_id = ANY(${sql.array([...statuses], 'int4')})
        AND r.request_date_add >= ${`${from}T00:00:00.000Z`}::timestamptz AND r.request_date_add < (${till}::date + 1)::timestamptz
      GROUP BY e.id ORDER BY n DESC, e.id LIMIT ${limit}`)
  ).map((r) => ({ id: Number(r.id), count: Number(r.n), fio: (r.fio as string | null) ?? `№${Number(r.id)}` }));

/**
 * Requests registered and completed (result date) per week, the `weeks` weeks up to `today`'s week,
 * in the scope; weeks start on Monday.
 */
export const weeklyCounts = async (db: Db, scope: UnitScope, today: string, weeks: number): Promise<HomeWeek[]> => {
  const rows = await db.any(sql.unsafe`
    WITH w AS (
      SELECT generate_series(date_trunc('week', ${today}::date) - (${weeks - 1} * interval '1 week'), date_trunc('week', ${today}::date), interval '1 week')::date AS week
    ),
    reg AS (
      SELECT date_trunc('week', (r.request_date_add AT TIME ZONE 'UTC'))::date AS week, count(*)::int AS n FROM rm_requests r
      WHERE NOT r.deleted AND ${scopeCondition(scope)} AND r.request_date_add >= (SELECT min(week) FROM w)::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1
    ),
    done AS (
      SELECT date_trunc('week', r.result_d)::date AS week, count(*)::int AS n FROM rm_requests r
      WHERE NOT r.deleted AND ${scopeCondition(scope)} AND r.result_d IS NOT NULL AND r.result_d >= (SELECT min(week) FROM w)
      GROUP BY 1
    )
    SELECT to_char(w.week, 'YYYY-MM-DD') AS week, COALESCE(reg.n, 0) AS registered, COALESCE(done.n, 0) AS completed
    FROM w LEFT JOIN reg ON reg.week = w.week LEFT JOIN done ON done.week = w.week ORDER BY w.week`);
  return rows.map((r) => ({ week: String(r.week), registered: Number(r.registered), completed: Number(r.completed) }));
};

/** A user's unread notifications (state 1 'Новое'). */
export const unreadNotifications = async (db: Db, userId: number): Promise<number> =>
  Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_notifications WHERE user_id = ${userId} AND state = 1`));
