import type { RequestEventOf } from '../../domain/request/events';
import { kindTitle } from '../../domain/request/enums';
import type { Reaction } from '../../infrastructure/reaction';
import type { JobQueue } from '../../infrastructure/jobs';
import { MAIL_JOB, type MailMessage } from '../../infrastructure/mail';
import type { WriteContext } from '../context';

/**
 * Regions with 'send to the engineer immediately' (immediate_email_to_engineer) get an e-mail to
 * the request's executors, or to the region's engineers when it has none, as soon as a request is
 * registered (not for requests of a group creation). The job id is derived from the event, so a
 * replayed reaction sends nothing twice.
 */
export const engineerMailReaction = (deps: Pick<WriteContext, 'lookups'> & { jobs: JobQueue }): Reaction => ({
  name: 'reaction:engineer-mail',
  eventTypes: new Set(['RequestRegistered']),
  handle: async (events) => {
    let acted = false;
    for (const e of events) {
      const { request, engineers, group } = e.data as RequestEventOf<'RequestRegistered'>['data'];
      // Group creation sends no notification e-mail (requests.md 7).
      if (group || !request.region_id || !(await deps.lookups.regionSettings(request.region_id)).immediate_email_to_engineer) continue;
      const recipients = engineers.length ? engineers : await deps.lookups.regionEngineers(request.region_id);
      const emails = await deps.lookups.emailsOf(recipients);
      if (emails.length === 0) continue;
      const unit = await deps.lookups.unitName(request.unit_id ?? 0);
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
      acted = true;
    }
    return acted ? 'acted' : 'none';
  },
});
