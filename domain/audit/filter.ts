import { z } from 'zod';
import { parseMoment } from './moment';

/**
 * The audit trail's filter (GET /api/audit?filter={json}, GET /api/audit_export/{json}): period,
 * user, object (stream kind + id), event type; `after` is the keyset cursor (the last row's
 * position on the previous page), `limit` the page size (20 or 50).
 */
export const auditFilterSchema = z
  .object({
    date_from: z.string().optional(),
    date_to: z.string().optional(),
    user_id: z.coerce.number({ invalid_type_error: 'Неверный пользователь' }).int('Неверный пользователь').positive('Неверный пользователь').optional(),
    kind: z.string().max(40, 'Неверный вид объекта').regex(/^[a-z_]+$/, 'Неверный вид объекта').optional(),
    object_id: z.string().max(80, 'Неверный объект').optional(),
    event_type: z.string().max(80, 'Неверный вид изменения').regex(/^[A-Za-z]+$/, 'Неверный вид изменения').optional(),
    after: z.string().regex(/^\d{1,19}$/, 'Неверная страница').optional(),
    limit: z.coerce.number().refine((n) => n === 20 || n === 50, 'Размер страницы: 20 или 50').default(20),
  })
  .strict();

export type AuditFilterInput = z.input<typeof auditFilterSchema>;

export interface AuditFilter {
  readonly from?: number;
  readonly to?: number;
  readonly userId?: number;
  readonly kind?: string;
  readonly objectId?: string;
  readonly eventType?: string;
  readonly after?: string;
  readonly limit: 20 | 50;
}

/** A date alone means its whole day (the end of the period includes that day). */
const dayOrMoment = (raw: string | undefined, end: boolean): number | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return parseMoment(`${raw}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return parseMoment(raw);
};

/** Parses a raw filter (throws a 400 DomainError with a Russian message). */
export const parseAuditFilter = (raw: unknown): AuditFilter => {
  const f = auditFilterSchema.parse(raw ?? {});
  const from = dayOrMoment(f.date_from, false);
  const to = dayOrMoment(f.date_to, true);
  return {
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(f.user_id !== undefined ? { userId: f.user_id } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.object_id ? { objectId: f.object_id } : {}),
    ...(f.event_type ? { eventType: f.event_type } : {}),
    ...(f.after ? { after: f.after } : {}),
    limit: f.limit as 20 | 50,
  };
};
