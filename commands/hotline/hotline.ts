import { randomUUID } from 'node:crypto';
import { parseHotlineAnswer, hotlineMessages, type HotlineAnswer } from '../../domain/hotline/answer';
import { deliveryMessages, mayRetryDelivery, requestDeliveryKinds, retryAttempts, type RetryPolicy } from '../../domain/hotline/delivery';
import { canRetryOutbox, outboxKindTitles } from '../../domain/hotline/keys';
import { declarantMessageSchema } from '../../domain/hotline/payloads';
import { parseOrThrow } from '../../domain/shared/validation';
import { declarantMailKey, hotlineMailCloseKey, hotlineMailRegisterKey, hotlineRegisterKey } from '../../domain/hotline/keys';
import { requestDecider } from '../../domain/request/decider';
import { ContactKind } from '../../domain/request/enums';
import { requestStreamId } from '../../domain/request/events';
import { declarantMessageRefusal, declarantMessageTexts, mayMessageDeclarants } from '../../domain/request/declarant-message';
import { canEditHotlineNumber, canRegisterOnHotLine, hasHotlineNumber, needsHotlineCloseMail } from '../../domain/request/rules';
import type { RequestState } from '../../domain/request/state';
import { forbidden, notFound, refused } from '../../domain/shared/errors';
import type { CommandContext } from '../../domain/shared/events';
import type { HotlineClient } from '../../infrastructure/hotline-client';
import type { JobQueue } from '../../infrastructure/jobs';
import type { MailMessage } from '../../infrastructure/mail';
import { handleCommand } from '../handle-command';
import { createNotifications } from '../notification/notifications';
import { claimHotlineNumber } from '../request/hotline-numbers';
import { usersWhoMaySee } from '../request/lookups';
import type { RequestCaller } from '../request/caller';
import { loadRequest, loadVisible, type RequestOutcome, type RequestWriteContext } from '../request/load';
import { renderMail, requestMailVars, type MailTemplate } from './mail-templates';
import type { HotlineLookupPort, OutboxItem, OutboxPort } from './ports';

/** Job names: the hot line registration and a mail tracked in the outbox. */
export const HOTLINE_REGISTER_JOB = 'hotline-register';
export const OUTBOX_MAIL_JOB = 'outbox-mail';
/** Attempts of one hot line registration job (BullMQ backs off exponentially between them). */
export const HOTLINE_ATTEMPTS = 5;

export interface HotlineDeps {
  readonly w: RequestWriteContext;
  readonly jobs: JobQueue;
  readonly outbox: OutboxPort;
  readonly hotline: HotlineLookupPort;
  /** null: HOTLINE_URL is not set. */
  readonly client: HotlineClient | null;
  readonly settings: { readonly hotlineEmail: string | null; readonly publicUrl: string };
  /** How long and how often mail and hot line calls are retried. */
  readonly retry: RetryPolicy;
}

/** The attempts and waits of an outgoing mail or hot line call under the installation's policy. */
export const deliveryJobOptions = (d: Pick<HotlineDeps, 'retry'>, jobId: string) => ({
  jobId,
  attempts: retryAttempts(d.retry),
  backoff: { firstMs: d.retry.firstMs, maxMs: d.retry.maxMs },
});

export interface RegisterJobData {
  readonly key: string;
  readonly request_id: number;
}
export interface OutboxMailData {
  readonly key: string;
  readonly mail: MailMessage;
}

const systemContext = (cause: string): CommandContext => ({ userId: null, now: new Date().toISOString(), correlationId: randomUUID(), causationId: cause });

const mailOf = async (d: HotlineDeps, template: MailTemplate, to: readonly string[], id: number, state: RequestState, extra: Record<string, string> = {}) =>
  renderMail(template, to, { ...requestMailVars(id, state, await d.hotline.unitAndOrganization(state.unit_id ?? 0), d.settings.publicUrl), ...extra });

/**
 * Records the mail in the outbox, then enqueues it under the same key (a repeat enqueues nothing
 * new). A mail of this key that finally failed is sent again (the user pressed the button again).
 */
const sendTracked = async (d: HotlineDeps, key: string, kind: OutboxItem['kind'], requestId: number, mail: MailMessage) => {
  const item = await d.outbox.start({ key, kind, request_id: requestId, payload: { mail } });
  if (item.status === 'failed') await retryOutboxItem(d, { ...item, payload: { mail } });
  else await d.jobs.enqueue(OUTBOX_MAIL_JOB, { key, mail } satisfies OutboxMailData, deliveryJobOptions(d, key));
};

// ---------------------------------------------------------------------------------------------
// 'Добавить на ГЛ'

export type RegistrationAnswer =
  | {
      readonly ok: true;
      readonly message: string;
      readonly outcome: RequestOutcome | null;
      readonly hotline_number: string | null;
      readonly by: 'api' | 'email';
      /** The registration is retried: the number will appear on the request (not an error). */
      readonly pending?: boolean;
    }
  | { readonly ok: false; readonly message: string };

/**
 * 'Добавить на ГЛ' (requests.md 4.4). With the organisation's hot line credentials the registration
 * is a job (retries, one idempotency key per registration); the call waits for its first attempt
 * and answers what it gave. Without them the registration mail goes to the hot line address and
 * hotline_email_register_sent is set.
 */
export const registerOnHotline = async (
  d: HotlineDeps,
  caller: RequestCaller,
  id: number,
  context: CommandContext,
  waitMs: number,
): Promise<RegistrationAnswer> => {
  // The right first: a caller without it is told so whatever the request (403, not 404).
  if (!canEditHotlineNumber(caller.actor.rights)) throw forbidden(hotlineMessages.noRight);
  const known = await loadVisible(d.w, caller, id);
  if (!canRegisterOnHotLine(known.state, caller.actor.rights)) throw refused(hotlineMessages.cannotRegister);
  const credentials = await d.hotline.credentialsOfUnit(known.state.unit_id ?? 0);
  if (!credentials) {
    if (!d.settings.hotlineEmail) throw refused(hotlineMessages.noHotlineEmail);
    const mail = await mailOf(d, 'hotline-register', [d.settings.hotlineEmail], id, known.state);
    // The mail is queued under a key of the request before the flag is set: a crash in between and
    // a second press queue nothing new (same job id), and the flag is then set.
    await sendTracked(d, hotlineMailRegisterKey(id), 'hotline-mail-register', id, mail);
    const r = await handleCommand(d.w.store, requestDecider, requestStreamId(id), { type: 'MarkHotlineEmailSent', which: 'register' }, context, { known });
    return { ok: true, by: 'email', message: hotlineMessages.emailSent, hotline_number: null, outcome: { id, position: r.position, after: { state: r.state, revision: r.revision } } };
  }
  if (!d.client) throw refused(hotlineMessages.noHotlineUrl);
  const key = hotlineRegisterKey(id, await d.outbox.refusedRegistrations(id));
  const started = await d.outbox.start({ key, kind: 'hotline-register', request_id: id, payload: { request_id: id } });
  // A registration under way is not started twice; one that ran out of attempts is run again with
  // the same key (the hot line may have registered it: it answers a known key with its number).
  if (started.attempts === 0 && started.status === 'pending')
    await d.jobs.enqueue(HOTLINE_REGISTER_JOB, { key, request_id: id } satisfies RegisterJobData, deliveryJobOptions(d, key));
  else if (started.status === 'failed') await retryOutboxItem(d, started);
  const item = await waitForAttempt(d.outbox, key, waitMs);
  const after = await loadRequest(d.w, id);
  if (item?.status === 'sent' && after.state.hotlinegas_number)
    return { ok: true, by: 'api', message: item.result ?? hotlineMessages.registered(after.state.hotlinegas_number), hotline_number: after.state.hotlinegas_number, outcome: { id, position: null, after } };
  if (item?.status === 'refused') return { ok: false, message: item.error ?? hotlineMessages.malformed };
  // An ambiguous failure (no answer, 5xx, a malformed answer) is retried under the same key: the
  // user is told the registration is under way, not that it failed.
  return { ok: true, by: 'api', pending: true, message: deliveryMessages.pending, hotline_number: null, outcome: { id, position: null, after } };
};

/** Waits until the job's attempt in flight is over (any status but pending), at most `ms`. */
const waitForAttempt = async (outbox: OutboxPort, key: string, ms: number): Promise<OutboxItem | null> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const item = await outbox.get(key);
    if (!item || item.status !== 'pending' || Date.now() >= deadline) return item;
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** How the job treats an answer: save the number, give up (the hot line refused), or try again. */
export const verdictOf = (call: Awaited<ReturnType<HotlineClient['register']>>): HotlineAnswer | { kind: 'retry'; message: string } => {
  if (!call.ok) return { kind: 'retry', message: call.error };
  const answer = parseHotlineAnswer(call.text);
  // A malformed answer or a server error tells nothing of whether the hot line registered the
  // request: the same key is sent again, and the hot line answers a known key with its number.
  if (answer.kind === 'malformed') return call.httpStatus >= 500 ? { kind: 'retry', message: `HTTP ${call.httpStatus}` } : answer;
  return answer;
};

/**
 * The registration job. The outbox item (with the key) is written before the first call; each
 * attempt sends the same key. A crash after the hot line registered and before the number was
 * saved leaves the job to be run again (BullMQ's stalled-job recovery or the operator's retry): the
 * hot line answers the same number for the same key, and recording the same number twice is no change.
 */
export const runRegistrationJob = async (d: HotlineDeps, data: RegisterJobData, attempt: number, attempts: number, announce = attempt > 1): Promise<string> => {
  // Delivered already (the demo sink, or a job replayed after the number was saved): not called again.
  const recorded = await d.outbox.get(data.key);
  if (recorded?.status === 'sent' && recorded.attempts === 0) return recorded.result ?? 'sent';
  const { state } = await loadRequest(d.w, data.request_id);
  if (state.hotlinegas_number) {
    await d.outbox.finish(data.key, 'sent', { result: `Номер на ГЛ ${state.hotlinegas_number}` });
    return state.hotlinegas_number;
  }
  if (!state.registered || state.deleted) {
    await d.outbox.finish(data.key, 'failed', { error: 'Заявка не найдена', attempted: true });
    return 'deleted';
  }
  const credentials = await d.hotline.credentialsOfUnit(state.unit_id ?? 0);
  if (!credentials || !d.client) {
    await d.outbox.finish(data.key, 'failed', { error: credentials ? hotlineMessages.noHotlineUrl : 'У организации нет учетной записи ГЛ', attempted: true });
    return 'no credentials';
  }
  await d.outbox.finish(data.key, 'pending', {});
  const call = await d.client.register({
    hot_line_email: credentials.email,
    hot_line_password: credentials.password,
    request_id: data.request_id,
    request_kind: String(state.request_kind_id ?? ''),
    request_text: state.request_text ?? '',
    idempotency_key: data.key,
  });
  const verdict = verdictOf(call);
  if (verdict.kind === 'registered') {
    // A number the hot line gave that another request holds is not saved: the item fails with the reason.
    let claim: Awaited<ReturnType<typeof claimHotlineNumber>>;
    try {
      claim = await claimHotlineNumber(d.w, data.request_id, state.hotlinegas_number, verdict.number);
    } catch (e) {
      await d.outbox.finish(data.key, 'failed', { error: (e as Error).message, attempted: true });
      await finalFailure(d, data.key);
      return 'duplicate';
    }
    const r = await handleCommand(d.w.store, requestDecider, requestStreamId(data.request_id), { type: 'RecordHotlineNumber', hotlinegas_number: verdict.number }, systemContext(data.key), { retries: 3 }).catch(async (e: unknown) => {
      await claim.release();
      throw e;
    });
    await claim.commit();
    await d.outbox.finish(data.key, 'sent', { result: verdict.message, error: null, attempted: true });
    // The user who pressed the button was told "выполняется": the number's arrival is announced.
    if (announce && r.position) await announceNumber(d, data.request_id, verdict.number).catch((e: Error) => d.w.log.warn({ err: e.message }, 'hot line number notice failed'));
    return verdict.number;
  }
  if (verdict.kind === 'refused') {
    await d.outbox.finish(data.key, 'refused', { error: verdict.message, attempted: true });
    return 'refused';
  }
  const last = attempt >= attempts;
  await d.outbox.finish(data.key, last ? 'failed' : 'retrying', { error: verdict.message, attempted: true });
  if (last) await finalFailure(d, data.key);
  throw new Error(`hot line registration ${data.key}: ${verdict.message}`);
};

// ---------------------------------------------------------------------------------------------
// Close notice (4.2) and message to the declarant (2.4, 8)

/**
 * The closed-mail rule: a CLOSED request with a hot line number whose organisation has no hot line
 * account gets one close notice. Queued under the request's key first, then the flag: a repeat
 * (the reaction replayed, the route pressed twice) sends nothing more.
 */
export const sendCloseNotice = async (d: HotlineDeps, id: number, context: CommandContext): Promise<{ sent: boolean; outcome: RequestOutcome | null }> => {
  const known = await loadRequest(d.w, id);
  if (!known.state.registered || known.state.deleted) return { sent: false, outcome: null };
  const hasAccount = (await d.hotline.credentialsOfUnit(known.state.unit_id ?? 0)) !== null;
  if (!needsHotlineCloseMail(known.state, hasAccount) || !d.settings.hotlineEmail) return { sent: false, outcome: null };
  const mail = await mailOf(d, 'hotline-close', [d.settings.hotlineEmail], id, known.state);
  await sendTracked(d, hotlineMailCloseKey(id), 'hotline-mail-close', id, mail);
  const r = await handleCommand(d.w.store, requestDecider, requestStreamId(id), { type: 'MarkHotlineEmailSent', which: 'close' }, context, { known, retries: 3 });
  return { sent: true, outcome: { id, position: r.position, after: { state: r.state, revision: r.revision } } };
};

export const closeNoticeByUser = async (d: HotlineDeps, caller: RequestCaller, id: number, context: CommandContext) => {
  // The right first: a caller without it is told so whatever the request (403, not 404).
  if (!canEditHotlineNumber(caller.actor.rights)) throw forbidden(hotlineMessages.noRight);
  const known = await loadVisible(d.w, caller, id);
  if (known.state.hotline_email_close_sent) return { message: hotlineMessages.closeAlreadySent, outcome: null };
  if (!d.settings.hotlineEmail) throw refused(hotlineMessages.noHotlineEmail);
  const r = await sendCloseNotice(d, id, context);
  if (!r.sent) throw refused(hotlineMessages.closeNotNeeded);
  return { message: hotlineMessages.closeSent, outcome: r.outcome };
};

/**
 * 'Отправить сообщение заявителю': to the registered contact's e-mail or the unregistered applicant's. Who may, on
 * which request: the domain's one rule (declarant-message.ts), the dialog's too; a refusal sends nothing.
 */
export const messageToDeclarant = async (d: HotlineDeps, caller: RequestCaller, id: number, rawMessage: unknown): Promise<{ message: string }> => {
  // The right first: a caller without it is told so whatever the request (403, not 404).
  if (!mayMessageDeclarants(caller.actor.rights)) throw forbidden(declarantMessageTexts.noRight);
  const known = await loadVisible(d.w, caller, id);
  const refusal = declarantMessageRefusal(known.state, caller.actor.rights);
  if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : refused(refusal.message);
  // The text after the right and the request (the body's own schema, domain/hotline/payloads.ts).
  const { messageToDeclarant: text } = parseOrThrow(declarantMessageSchema.pick({ messageToDeclarant: true }), { messageToDeclarant: rawMessage });
  const s = known.state;
  const to =
    s.contact_kind === ContactKind.STRANGER
      ? (s.contact_unknown_email ?? '').trim()
      : s.contact_id != null
        ? ((await d.w.lookups.emailsOf([s.contact_id]))[0] ?? '')
        : '';
  if (!to) throw refused(hotlineMessages.noDeclarantEmail);
  const mail = await mailOf(d, 'declarant', [to], id, s, { message: text });
  await sendTracked(d, declarantMailKey(id, randomUUID()), 'declarant-mail', id, mail);
  return { message: hotlineMessages.declarantSent };
};

// ---------------------------------------------------------------------------------------------
// Operator's retry

/**
 * Runs a failed item again under its own key (a new job id, since the old job is kept as failed):
 * a mail is sent again as recorded, a registration asks the hot line again with the same key.
 */
export const retryOutboxItem = async (d: Pick<HotlineDeps, 'outbox' | 'jobs' | 'retry'>, item: OutboxItem): Promise<void> => {
  if (item.status !== 'failed') throw refused('Повторить можно только неудавшуюся отправку');
  const jobId = `${item.key}:retry-${item.attempts}`;
  await d.outbox.finish(item.key, 'pending', { error: null });
  if (item.kind === 'hotline-register') {
    const requestId = item.request_id ?? 0;
    await d.jobs.enqueue(HOTLINE_REGISTER_JOB, { key: item.key, request_id: requestId } satisfies RegisterJobData, deliveryJobOptions(d, jobId));
  } else {
    const mail = (item.payload as { mail?: MailMessage } | null)?.mail;
    if (!mail) throw refused('Нет данных письма для повтора');
    await d.jobs.enqueue(OUTBOX_MAIL_JOB, { key: item.key, mail } satisfies OutboxMailData, deliveryJobOptions(d, jobId));
  }
};

/**
 * 'Повторить' next to a request's delivery state: a finally failed item of the request is run
 * again; a registration or close mail then counts as accepted for delivery again (its flag).
 */
export const retryRequestDelivery = async (d: HotlineDeps, caller: RequestCaller, id: number, key: string, context: CommandContext): Promise<RequestOutcome | null> => {
  if (!mayRetryDelivery(caller.actor.rights)) throw forbidden(deliveryMessages.noRight);
  const known = await loadVisible(d.w, caller, id);
  const item = await d.outbox.get(key);
  if (!item || item.request_id !== id || !requestDeliveryKinds.includes(item.kind)) throw notFound(deliveryMessages.notFound);
  if (!canRetryOutbox(item.status)) throw refused(deliveryMessages.retryRefused);
  // A registration mail is not sent once the request has a number (registered meanwhile).
  if (item.kind === 'hotline-mail-register' && hasHotlineNumber(known.state)) throw refused(hotlineMessages.cannotRegister);
  await retryOutboxItem(d, item);
  const which = item.kind === 'hotline-mail-register' ? 'register' : item.kind === 'hotline-mail-close' ? 'close' : null;
  if (!which) return null;
  const r = await handleCommand(d.w.store, requestDecider, requestStreamId(id), { type: 'MarkHotlineEmailSent', which }, context, { retries: 3 });
  return { id, position: r.position, after: { state: r.state, revision: r.revision } };
};

/** The mail job of the outbox: sends, and records the outcome of each attempt. */
export const runOutboxMailJob = async (
  d: HotlineDeps,
  send: (mail: MailMessage) => Promise<string>,
  data: OutboxMailData,
  attempt: number,
  attempts: number,
): Promise<string> => {
  // Sent already (a job replayed after a crash, or a second job of the key): not sent twice.
  const before = await d.outbox.get(data.key);
  if (before?.status === 'sent') return before.result ?? 'sent';
  let id: string;
  try {
    id = await send(data.mail);
  } catch (e) {
    const last = attempt >= attempts;
    await d.outbox.finish(data.key, last ? 'failed' : 'retrying', { error: (e as Error).message, attempted: true });
    if (last) await finalFailure(d, data.key);
    throw e;
  }
  await d.outbox.finish(data.key, 'sent', { result: id, error: null, attempted: true });
  return id;
};

// ---------------------------------------------------------------------------------------------
// Final failure and the number's arrival

/**
 * An item whose retries ran out: a registration mail no longer counts as sent (the request may be
 * registered again), and the administrators hear of it (bell).
 */
export const finalFailure = async (d: HotlineDeps, key: string): Promise<void> => {
  const item = await d.outbox.get(key);
  if (!item || item.status !== 'failed') return;
  try {
    let number: number | null = null;
    let unitId: number | null = null;
    if (item.request_id != null) {
      const known = await loadRequest(d.w, item.request_id).catch(() => null);
      if (known?.state.registered) {
        number = known.state.number ?? null;
        unitId = known.state.unit_id ?? null;
        const which = item.kind === 'hotline-mail-register' ? 'register' : item.kind === 'hotline-mail-close' ? 'close' : null;
        if (which && !known.state.deleted)
          await handleCommand(d.w.store, requestDecider, requestStreamId(item.request_id), { type: 'MarkHotlineEmailUndelivered', which }, systemContext(key), { retries: 3 });
      }
    }
    const admins = await d.hotline.administrators();
    const info = deliveryMessages.finalFailure(outboxKindTitles[item.kind], number, item.error ?? deliveryMessages.unknownReason);
    const seeing = item.request_id != null && unitId != null ? await usersWhoMaySee(d.w, admins, unitId) : new Set<number>();
    const withRequest = admins.filter((u) => seeing.has(u));
    const without = admins.filter((u) => !seeing.has(u));
    const context = systemContext(key);
    if (withRequest.length > 0) await createNotifications(d.w, { notificationType: 'delivery-failed', requestId: item.request_id, usersIds: withRequest, notificationInfo: info }, context);
    if (without.length > 0) await createNotifications(d.w, { notificationType: 'delivery-failed', requestId: null, usersIds: without, notificationInfo: info }, context);
  } catch (e) {
    d.w.log.warn({ key, err: (e as Error).message }, 'final delivery failure: follow-up failed');
  }
};

/** The requester (who registered it, and the contact) and the engineers hear of the hot line number. */
const announceNumber = async (d: HotlineDeps, requestId: number, hotline: string): Promise<void> => {
  const { state } = await loadRequest(d.w, requestId);
  const wanted = [state.registered_by, state.contact_kind === ContactKind.STRANGER ? null : state.contact_id, ...(state.engineers ?? [])].filter((u): u is number => typeof u === 'number' && u > 0);
  if (wanted.length === 0) return;
  const active = new Set(await d.w.lookups.activeUserIds([...new Set(wanted)]));
  const seeing = await usersWhoMaySee(d.w, [...active], state.unit_id);
  const users = [...active].filter((u) => seeing.has(u));
  if (users.length === 0) return;
  await createNotifications(d.w, { notificationType: 'hotline-number', requestId, usersIds: users, notificationInfo: deliveryMessages.numberArrived(state.number ?? null, hotline) }, systemContext(`hotline-number:request-${requestId}`));
};
