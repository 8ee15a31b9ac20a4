import { sql, type DatabasePool } from 'slonik';

/** The notifications read model's answers to the notification lookup port (wired in api/write-lookups.ts). */
export const notificationLookups = (pool: DatabasePool) => ({
  notificationHeldBy: async (notificationId: string, userId: number): Promise<boolean> =>
    (await pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_notifications WHERE id = ${notificationId} AND user_id = ${userId}`)) != null,
});
