import type { RequestRow } from './row';

/**
 * rm_request_counts as the live batches keep it (the flags as countFlags sets them), computed from
 * rm_requests at once: the end of a rebuild.
 */
export const countsFromRows = /* sql */ `
  INSERT INTO rm_request_counts (period, region_id, request_status_id, request_kind_id, request_performer_kind, flags, count)
  SELECT p.period, COALESCE(r.region_id, 0), r.request_status_id, COALESCE(r.request_kind_id, 0), r.request_performer_kind,
         (CASE WHEN COALESCE(r.hotlinegas_number, '') = '' THEN 1 ELSE 0 END)
         | (CASE WHEN r.hotline_email_register_sent THEN 2 ELSE 0 END)
         | (CASE WHEN r.hotlinegas_close_d IS NOT NULL OR r.hotline_email_close_sent THEN 4 ELSE 0 END)
         | (CASE WHEN r.unsigned_docs > 0 THEN 8 ELSE 0 END)
         | r.has_co_3::int * 16 | r.has_co_7::int * 32 | r.has_co_8::int * 64 | r.has_co_41::int * 128
         | r.has_co_42::int * 256 | r.has_co_13::int * 512,
         count(*)::int
  FROM rm_requests r
  CROSS JOIN LATERAL (VALUES
    (extract(year FROM r.request_date_add AT TIME ZONE 'UTC')::int * 100 + extract(month FROM r.request_date_add AT TIME ZONE 'UTC')::int),
    (extract(year FROM r.request_date_add AT TIME ZONE 'UTC')::int * 100)) p(period)
  WHERE NOT r.deleted AND r.request_date_add IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6`;

/** Bits of rm_request_counts.flags: the conditions of the list toggles (requests.md 2.3). */
export const CountFlag = {
  NO_HOTLINE_NUMBER: 1,
  REGISTER_SENT: 2,
  HOTLINE_CLOSED: 4,
  UNSIGNED_DOCS: 8,
  CO_3: 16,
  CO_7: 32,
  CO_8: 64,
  CO_41: 128,
  CO_42: 256,
  CO_13: 512,
} as const;

export const countFlags = (
  r: Pick<
    RequestRow,
    | 'hotlinegas_number' | 'hotline_email_register_sent' | 'hotlinegas_close_d' | 'hotline_email_close_sent' | 'unsigned_docs'
    | 'has_co_3' | 'has_co_7' | 'has_co_8' | 'has_co_41' | 'has_co_42' | 'has_co_13'
  >,
): number =>
  (r.hotlinegas_number ? 0 : CountFlag.NO_HOTLINE_NUMBER) |
  (r.hotline_email_register_sent ? CountFlag.REGISTER_SENT : 0) |
  (r.hotlinegas_close_d || r.hotline_email_close_sent ? CountFlag.HOTLINE_CLOSED : 0) |
  (r.unsigned_docs > 0 ? CountFlag.UNSIGNED_DOCS : 0) |
  (r.has_co_3 ? CountFlag.CO_3 : 0) |
  (r.has_co_7 ? CountFlag.CO_7 : 0) |
  (r.has_co_8 ? CountFlag.CO_8 : 0) |
  (r.has_co_41 ? CountFlag.CO_41 : 0) |
  (r.has_co_42 ? CountFlag.CO_42 : 0) |
  (r.has_co_13 ? CountFlag.CO_13 : 0);

