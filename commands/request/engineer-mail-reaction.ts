import type { RequestEventOf } from '../../domain/request/events';
import { kindTitle } from '../../domain/request/enums';
import type { Reaction } from '../../infrastructure/reaction';
import type { JobQueue } from '../../infrastructure/jobs';
import { MAIL_JOB, type MailMessage } from '../../infrastructure/mail';
import { mapLimit } from '../../infrastructure/map-limit';
import type { WriteContext } from '../context';

/**
 * Lookups and enqueues in flight at once within a batch. After a burst of registrations (thousands
 * a minute) one at a time left the mails minutes behind: each takes a few round trips.
 */
const LANES = 16;

/** One lookup per key within a batch (a burst registers many requests of one region and unit). */
const memo = <K, V>(load: (key: K) => Promise<V>) => {
  const seen = new Map<K, Promise<V>>();
  return (key: K): Promise<V> => {
    let v = seen.get(key);
    if (!v) seen.set(key, (v = load(key)));
    return v;
  };
};

/**
 * Regions with 'send to the engineer immediately' (immediate_email_to_engineer) get an e-mail to
 * the request's executors, or to the region's engineers when it has none, as soon as a request is
 * registered (not for requests of a group creation). The job id is derived from the event, so a
 * replayed reaction sends nothing twice. A batch is handled as a whole: its lookups once per
 * region, recipients and unit, its jobs enqueued side by side.
 */
export const engineerMailReaction = (deps: Pick<WriteContext, 'lookups'> & { jobs: JobQueue }): Reaction => ({
  name: 'reaction:engineer-mail',
  eventTypes: new Set(['RequestRegistered']),
  handle: async (events) => {
    const engineersOf = memo((regionId: number) => deps.lookups.regionEngineers(regionId));
    const emailsOf = memo((ids: string) => deps.lookups.emailsOf(ids.split(',').map(Number)));
    const unitName = memo((unitId: number) => deps.lookups.unitName(unitId));
    const mails = await mapLimit(events, LANES, async (e): Promise<{ message: MailMessage; jobId: string } | null> => {
      const { request, engineers, group } = e.data as RequestEventOf<'RequestRegistered'>['data'];
      // Group creation sends no notification e-mail (requests.md 7).
      if (group || !request.region_id || !(await deps.lookups.regionSettings(request.region_id)).immediate_email_to_engineer) return null;
      const recipients = engineers.length ? engineers : await engineersOf(request.region_id);
      if (recipients.length === 0) return null;
      const emails = await emailsOf([...recipients].sort((a, b) => a - b).join(','));
      if (emails.length === 0) return null;
      const unit = await unitName(request.unit_id ?? 0);
      return {
        jobId: `mail:${e.streamId}@${e.revision}`,
        message: {
          to: emails,
          subject: `Новая заявка №${request.number ?? ''}: ${kindTitle(request.request_kind_id)}`,
          text: [
            `Зарегистрирована заявка №${request.number ?? ''} (${kindTitle(request.request_kind_id)}).`,
            `Объект: ${String(unit ?? '')}`,
            `Описание: ${request.request_text ?? ''}`,
          ].join('\n'),
        },
      };
    });
    const due = mails.filter((m) => m !== null);
    await mapLimit(due, LANES, (m) => deps.jobs.enqueue(MAIL_JOB, m.message, { jobId: m.jobId }));
    return due.length ? 'acted' : 'none';
  },
});
