import type { InnerRequestEventMap } from '../../domain/inner-request';
import type { JobQueue } from '../../infrastructure/jobs';
import { MAIL_JOB, type MailMessage } from '../../infrastructure/mail';
import type { Reaction } from '../../infrastructure/reaction';
import type { WriteContext } from '../context';

/**
 * Mails of requests to the administrator: the accounts chosen when writing (usersIds) get the
 * message, and an answer by someone else goes to the request's author's e-mail. The job id is
 * derived from the event, so a replayed reaction sends nothing twice.
 */
export const innerRequestMailReaction = (deps: Pick<WriteContext, 'lookups'> & { jobs: JobQueue }): Reaction => ({
  name: 'reaction:inner-request-mail',
  eventTypes: new Set(['InnerRequestCreated']),
  handle: async (events) => {
    let acted = false;
    for (const e of events) {
      const d = e.data as InnerRequestEventMap['InnerRequestCreated'];
      const to = new Set(await deps.lookups.emailsOf(d.notify_user_ids ?? []));
      if (d.notify_email) to.add(d.notify_email);
      if (to.size === 0) continue;
      const subject = d.parent_id === null ? `Запрос администратору №${d.id}` : `Ответ на запрос администратору №${d.parent_id}`;
      const message: MailMessage = { to: [...to], subject, text: d.message };
      await deps.jobs.enqueue(MAIL_JOB, message, { jobId: `mail:${e.streamId}@${e.revision}` });
      acted = true;
    }
    return acted ? 'acted' : 'none';
  },
});
