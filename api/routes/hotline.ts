import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { canRetryOutbox, type OutboxStatus } from '../../domain/hotline/keys';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound, refused } from '../../domain/shared/errors';
import {
  closeNoticeByUser,
  HOTLINE_ATTEMPTS,
  HOTLINE_REGISTER_JOB,
  messageToDeclarant,
  OUTBOX_MAIL_JOB,
  registerOnHotline,
  retryOutboxItem,
  runOutboxMailJob,
  runRegistrationJob,
  type HotlineDeps,
  type OutboxMailData,
  type RegisterJobData,
} from '../../commands/hotline/hotline';
import { secretBox } from '../../commands/hotline/secret-box';
import type { RequestOutcome } from '../../commands/request/load';
import type { WriteContext } from '../../commands/context';
import { httpHotlineClient } from '../../infrastructure/hotline-client';
import type { JobQueue } from '../../infrastructure/jobs';
import { MAIL_JOB, type MailMessage } from '../../infrastructure/mail';
import type { Logger } from '../../infrastructure/logger';
import { hotlineLookups } from '../../projections/outbox/hotline-lookups';
import { listOutbox, outboxStore } from '../../projections/outbox/store';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { commandContext, filterId, idParam, requireRight, userOf } from '../http/guard';
import { requestCaller } from './request-caller';
import { requestViewOf } from './request-queries';

/** How long 'Добавить на ГЛ' waits for the registration job's first attempt. */
const firstAttemptWaitMs = (config: Config) => config.hotlineTimeoutMs + 5_000;

/** The hot line and outbox dependencies from the server's parts (routes, jobs and the close reaction). */
export const hotlineDepsOf = (x: WriteContext & { readonly log: Logger; readonly jobs: JobQueue; readonly config: Config }): HotlineDeps => ({
  w: { store: x.store, pool: x.pool, ids: x.ids, lookups: x.lookups, log: x.log },
  jobs: x.jobs,
  outbox: outboxStore(x.pool),
  hotline: hotlineLookups(x.pool, secretBox(x.config.hotlineSecretKey).decrypt),
  client: x.config.hotlineUrl ? httpHotlineClient(x.config.hotlineUrl, x.config.hotlineTimeoutMs) : null,
  settings: { hotlineEmail: x.config.hotlineEmail, publicUrl: x.config.publicUrl },
});

/**
 * The job queue as the engineer-mail reaction sees it: its `mail` jobs become outbox mails (listed on
 * /outbox with their state, retried from there) under the same job id, so a replay still sends once.
 */
export const trackedMailJobs = (d: HotlineDeps): JobQueue => ({
  enqueue: async (name, data, options) => {
    if (name !== MAIL_JOB) return d.jobs.enqueue(name, data, options);
    const requestId = /request-(\d+)/.exec(options.jobId)?.[1];
    const mail = data as MailMessage;
    await d.outbox.start({ key: options.jobId, kind: 'engineer-mail', request_id: requestId ? Number(requestId) : null, payload: { mail } });
    await d.jobs.enqueue(OUTBOX_MAIL_JOB, { key: options.jobId, mail } satisfies OutboxMailData, options);
  },
  register: (name, handler) => d.jobs.register(name, handler),
  startWorker: (concurrency) => d.jobs.startWorker(concurrency),
  list: (states, limit) => d.jobs.list(states, limit),
  counts: () => d.jobs.counts(),
  close: () => d.jobs.close(),
});

/** The registration job and the outbox mail job (registered before the worker starts). */
export const registerHotlineJobs = (ctx: Pick<AppContext, 'store' | 'pool' | 'ids' | 'lookups' | 'log' | 'jobs' | 'config'>): void => {
  const d = hotlineDepsOf(ctx);
  const transport = ctx.config.smtpUrl ? nodemailer.createTransport(ctx.config.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const send = async (mail: { to: readonly string[]; subject: string; text: string }) => {
    const sent = await transport.sendMail({ from: ctx.config.mailFrom, to: [...mail.to], subject: mail.subject, text: mail.text });
    if (!ctx.config.smtpUrl) ctx.log.info({ to: mail.to, subject: mail.subject }, 'mail written to the log (no SMTP_URL)');
    return String(sent.messageId);
  };
  ctx.jobs.register(HOTLINE_REGISTER_JOB, (data, info) => runRegistrationJob(d, data as RegisterJobData, info.attempt, HOTLINE_ATTEMPTS));
  ctx.jobs.register(OUTBOX_MAIL_JOB, (data, info) => runOutboxMailJob(d, send, data as OutboxMailData, info.attempt, 5));
};

const requestIdOf = (body: Record<string, unknown>): number => {
  const nested = body.request && typeof body.request === 'object' ? (body.request as Record<string, unknown>).id : undefined;
  return idParam(body.request_id ?? body.requestId ?? body.id ?? nested);
};

const outboxStatuses: readonly OutboxStatus[] = ['pending', 'sent', 'retrying', 'refused', 'failed'];

/** The state hot line and its mail (issue 14; requests.md 4.2, 4.4, 7, 8) and the operator's outbox. */
export const hotlineRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const d = hotlineDepsOf(ctx);

  const answer = async (userId: number, outcome: RequestOutcome | null, user: Parameters<typeof requestViewOf>[2]) => {
    if (!outcome) return {};
    ctx.consistency.recordWrite(userId, outcome.position);
    return { savedRequest: await requestViewOf(ctx, outcome.after, user) };
  };

  const register = async (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    const id = requestIdOf((request.body ?? {}) as Record<string, unknown>);
    const r = await registerOnHotline(d, requestCaller(user), id, commandContext(request), firstAttemptWaitMs(ctx.config));
    if (!r.ok) throw refused(r.message);
    return { message: r.message, hot_line_number: r.hotline_number, by: r.by, ...(await answer(user.id, r.outcome, user)) };
  };
  app.post('/api/request_hot_line_register', register);
  app.post('/api/request_hot_line_email_register', register);

  app.post('/api/request_hot_line_email_close', async (request) => {
    const user = userOf(request);
    const id = requestIdOf((request.body ?? {}) as Record<string, unknown>);
    const r = await closeNoticeByUser(d, requestCaller(user), id, commandContext(request));
    return { message: r.message, ...(await answer(user.id, r.outcome, user)) };
  });

  app.post('/api/hot_line_email_to_declarant', async (request) => {
    const user = userOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    return messageToDeclarant(d, requestCaller(user), requestIdOf(body), body.messageToDeclarant);
  });

  app.get('/api/outbox', async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const q = (request.query ?? {}) as Record<string, unknown>;
    const status = q.status ? String(q.status) : null;
    if (status && !outboxStatuses.includes(status as OutboxStatus)) throw invalid('Неизвестное состояние');
    const items = await listOutbox(ctx.pool, { status: status as OutboxStatus | null, requestId: filterId(q.request_id, 'request_id') });
    return { items };
  });

  app.post('/api/outbox/retry', async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const key = (request.body as { key?: unknown } | null)?.key;
    if (typeof key !== 'string' || !key || key.length > 300) throw invalid('Не указана отправка');
    const item = await d.outbox.get(key);
    if (!item) throw notFound('Отправка не найдена');
    if (!canRetryOutbox(item.status)) throw refused('Повторить можно только неудавшуюся отправку');
    await retryOutboxItem(d, item);
    return { message: 'Отправка поставлена в очередь' };
  });
};

