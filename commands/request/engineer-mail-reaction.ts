import { sql, type DatabasePool } from 'slonik';
import type { RequestEventOf } from '../../domain/request/events';
import { kindTitle } from '../../domain/request/enums';
import type { Reaction } from '../../infrastructure/reaction';
import type { JobQueue } from '../../infrastructure/jobs';
import { MAIL_JOB, type MailMessage } from '../../infrastructure/mail';
import { regionEngineers, regionSettings } from './lookups';

/**
 * Regions with 'send to the engineer immediately' (immediate_email_to_engineer) get an e-mail to
 * the request's executors, or to the region's engineers when it has none, as soon as a request is
 * registered (not for requests of a group creation). The job id is derived from the event, so a
 * replayed reaction sends nothing twice.
 */
export const engineerMailReaction = (deps: { pool: DatabasePool; jobs: JobQueue }): Reaction => ({
  name: 'reaction:engineer-mail',
  eventTypes: new Set(['RequestRegistered']),
  handle: async (events) => {
    for (const e of events) {
      const { request, engineers, group } = e.data as RequestEventOf<'RequestRegistered'>['data'];
      // Group creation sends no notification e-mail (requests.md 7).
      if (group || !request.region_id || !(await regionSettings(deps, request.region_id)).immediate_email_to_engineer) continue;
      const recipients = engineers.length ? engineers : await regionEngineers(deps.pool, request.region_id);
      const emails = (await deps.pool.anyFirst(sql.unsafe`
        SELECT email FROM rm_users WHERE id = ANY(${sql.array(recipients, 'int4')}) AND email IS NOT NULL AND NOT is_inactive AND NOT deleted
        ORDER BY id`)) as string[];
      if (emails.length === 0) continue;
      const unit = await deps.pool.maybeOneFirst(sql.unsafe`SELECT name FROM rm_units WHERE id = ${request.unit_id ?? 0}`);
      const message: MailMessage = {
        to: emails,
        subject: `Новая заявка №${request.number ?? ''}: ${kindTitle(request.request_kind_id)}`,
        text: [
          `Зарегистрирована заявка №${request.number ?? ''} (${kindTitle(request.request_kind_id)}).`,
          `Объект: ${String(unit ?? '')}`,
          `Описание: ${request.request_text ?? ''}`,
        ].join('\n'),
      };
      await deps.jobs.enqueue(MAIL_JOB, message, { jobId: `mail:${e.streamId}@${e.revision}` });
    }
  },
});
