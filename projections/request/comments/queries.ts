import { sql, type CommonQueryMethods } from 'slonik';
import type { RequestComment } from '../../../domain/request/contracts';
import type { FileRef } from '../../../domain/request/state';

type Db = Pick<CommonQueryMethods, 'any'>;

/** The request's comments, newest first (the message field sits above the list). */
export const requestComments = async (db: Db, requestId: number): Promise<RequestComment[]> =>
  (
    await db.any(sql.unsafe`
      SELECT c.comment_id, c.request_id, c.comment, c.files, c.user_id, COALESCE(c.fio, u.fio) AS fio, c.date_time_d, c.notify_user_ids
      FROM rm_request_comments c LEFT JOIN rm_users u ON u.id = c.user_id
      WHERE c.request_id = ${requestId} ORDER BY c.comment_id DESC`)
  ).map((r) => ({
    id: Number(r.comment_id),
    request_id: Number(r.request_id),
    comment: String(r.comment),
    files: (r.files as FileRef[] | null) ?? [],
    user_id: r.user_id == null ? null : Number(r.user_id),
    fio: (r.fio as string | null) ?? null,
    date_time_d: (r.date_time_d as string | null) ?? null,
    notify_user_ids: ((r.notify_user_ids as number[]) ?? []).map(Number),
  }));
