import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { canRetryOutbox, type OutboxStatus } from '../../domain/hotline/keys';
import { deliveryMessages, mayRetryDelivery, requestDeliveryKinds, requestDeliveryOf, retryAttempts } from '../../domain/hotline/delivery';
import { loadVisible } from '../../commands/request/load';
import { RightValue } from '../../domain/rights/values';
import { forbidden, invalid, notFound, refused } from '../../domain/shared/errors';
import {
  closeNoticeByUser,
  deliveryJobOptions,
  HOTLINE_REGISTER_JOB,
  messageToDeclarant,
  OUTBOX_MAIL_JOB,
  registerOnHotline,
  retryOutboxItem,
  retryRequestDelivery,
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
import { KEPT_MAIL_RESULT, MAIL_JOB, type MailMessage } from '../../infrastructure/mail';
import type { Logger } from '../../infrastructure/logger';
import { hotlineLookups } from '../../projections/outbox/hotline-lookups';
import { listOutbox, outboxStore } from '../../projections/outbox/store';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { commandContext, filterId, idParam, requireRight, userOf } from '../http/guard';
import { documented } from '../http/route-registry';
import { declarantMessageSchema, deliveryRetrySchema, hotlineRequestSchema, outboxRetrySchema, requestIdOfRef, type HotlineRequestRef } from '../../domain/hotline/payloads';
import { objectBody } from '../../domain/shared/primitives';
import { parseOrThrow } from '../../domain/shared/validation';
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
  retry: x.config.deliveryRetry,
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
    await d.jobs.enqueue(OUTBOX_MAIL_JOB, { key: options.jobId, mail } satisfies OutboxMailData, { ...options, ...deliveryJobOptions(d, options.jobId) });
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
  const transport = ctx.config.smtpUrl ? nodemailer.createTransport(ctx.config.smtpUrl) : null;
  // Without SMTP_URL the outbox item itself is the mailbox: its payload keeps the mail to read.
  const send = async (mail: { to: readonly string[]; subject: string; text: string }) => {
    if (!transport) return KEPT_MAIL_RESULT;
    const sent = await transport.sendMail({ from: ctx.config.mailFrom, to: [...mail.to], subject: mail.subject, text: mail.text });
    return String(sent.messageId);
  };
  const attempts = retryAttempts(ctx.config.deliveryRetry);
  // An operator's retry (a job id ending in ':retry-n') announces the number too: nobody waits for it.
  ctx.jobs.register(HOTLINE_REGISTER_JOB, (data, info) => runRegistrationJob(d, data as RegisterJobData, info.attempt, attempts, info.attempt > 1 || info.jobId.includes('retry')));
  ctx.jobs.register(OUTBOX_MAIL_JOB, (data, info) => runOutboxMailJob(d, send, data as OutboxMailData, info.attempt, attempts));
};

/** The request a call names (domain/hotline/payloads.ts): a 400 when the body names none. */
const requestIdOf = (body: HotlineRequestRef): number => idParam(requestIdOfRef(body));
const bodyOf = <S extends z.ZodTypeAny>(schema: S, raw: unknown): z.output<S> => parseOrThrow(schema, objectBody(raw ?? {}));

const outboxStatuses: readonly OutboxStatus[] = ['pending', 'sent', 'retrying', 'refused', 'failed'];

/** The state hot line and its mail (decisions 68–71; requests.md 4.2, 4.4, 7, 8) and the operator's outbox. */
export const hotlineRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const d = hotlineDepsOf(ctx);

  const answer = async (userId: number, outcome: RequestOutcome | null, user: Parameters<typeof requestViewOf>[2]) => {
    if (!outcome) return {};
    ctx.consistency.recordWrite(userId, outcome.position);
    return { savedRequest: await requestViewOf(ctx, outcome.after, user) };
  };

  const register = async (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    const id = requestIdOf(bodyOf(hotlineRequestSchema, request.body));
    const r = await registerOnHotline(d, requestCaller(user), id, commandContext(request), firstAttemptWaitMs(ctx.config));
    if (!r.ok) throw refused(r.message);
    return { message: r.message, hot_line_number: r.hotline_number, by: r.by, pending: r.ok && r.pending === true, ...(await answer(user.id, r.outcome, user)) };
  };
  app.post('/api/request_hot_line_register', documented({ body: hotlineRequestSchema }), register);
  app.post('/api/request_hot_line_email_register', documented({ body: hotlineRequestSchema }), register);

  app.post('/api/request_hot_line_email_close', documented({ body: hotlineRequestSchema }), async (request) => {
    const user = userOf(request);
    const id = requestIdOf(bodyOf(hotlineRequestSchema, request.body));
    const r = await closeNoticeByUser(d, requestCaller(user), id, commandContext(request));
    return { message: r.message, ...(await answer(user.id, r.outcome, user)) };
  });

  app.post('/api/hot_line_email_to_declarant', documented({ body: declarantMessageSchema }), async (request) => {
    const user = userOf(request);
    // The message is judged by the command, after the right and the request.
    const body = objectBody(request.body ?? {});
    return messageToDeclarant(d, requestCaller(user), requestIdOf(bodyOf(hotlineRequestSchema, body)), body.messageToDeclarant);
  });

  // The delivery state of a request's hot line calls and mails, next to their flags (decision "Delivery you can see").
  app.get('/api/request_delivery/:id', async (request) => {
    const user = userOf(request);
    const id = idParam((request.params as { id: string }).id);
    await loadVisible(d.w, requestCaller(user), id);
    const mayRetry = mayRetryDelivery(user.rightsObject);
    const items = (await listOutbox(ctx.pool, { requestId: id })).filter((i) => requestDeliveryKinds.includes(i.kind));
    return { items: items.map((i) => requestDeliveryOf(i, mayRetry)) };
  });

  app.post('/api/request_delivery_retry', documented({ body: deliveryRetrySchema }), async (request) => {
    const user = userOf(request);
    if (!mayRetryDelivery(user.rightsObject)) throw forbidden(deliveryMessages.noRight);
    const body = bodyOf(deliveryRetrySchema, request.body);
    const id = requestIdOf(body);
    const key = body.key;
    const outcome = await retryRequestDelivery(d, requestCaller(user), id, key, commandContext(request));
    return { message: deliveryMessages.retryQueued, ...(await answer(user.id, outcome, user)) };
  });

  app.get('/api/outbox', async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const q = (request.query ?? {}) as Record<string, unknown>;
    const status = q.status ? String(q.status) : null;
    if (status && !outboxStatuses.includes(status as OutboxStatus)) throw invalid('Неизвестное состояние');
    const items = await listOutbox(ctx.pool, { status: status as OutboxStatus | null, requestId: filterId(q.request_id, 'request_id') });
    return { items };
  });

  app.post('/api/outbox/retry', documented({ body: outboxRetrySchema }), async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const { key } = bodyOf(outboxRetrySchema, request.body);
    const item = await d.outbox.get(key);
    if (!item) throw notFound('Отправка не найдена');
    if (!canRetryOutbox(item.status)) throw refused('Повторить можно только неудавшуюся отправку');
    await retryOutboxItem(d, item);
    return { message: 'Отправка поставлена в очередь' };
  });
};

