import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { hasOwnOrAll } from '../../domain/rights/rights';
import { invalid, forbidden, notFound } from '../../domain/shared/errors';
import type { FileRef, RequestDocument } from '../../domain/request/state';
import type { UnitScope } from '../../domain/rights/scope';
import { fileRefOf } from '../../infrastructure/files/file-store';
import { isRequestAction, requestAction } from '../../commands/request/actions';
import { addRequestComment } from '../../commands/request/comment';
import { deleteRequest } from '../../commands/request/delete';
import { createRequestGroup } from '../../commands/request/group';
import { loadVisible, REQUEST_NOT_FOUND, type Loaded, type RequestOutcome } from '../../commands/request/load';
import { changeRequestDate, changeRequestNumber } from '../../commands/request/number-and-date';
import { registerRequest } from '../../commands/request/register';
import { saveRequest, type SaveInput } from '../../commands/request/save';
import type { AppContext } from '../context';
import { commandContext, idParam, requireRight, userOf } from '../http/guard';
import { FEW_FILES_LIMITS, readBody, takeUpload, withUploads, type Upload } from '../http/multipart';
import { checkActUpload } from './files';
import { requestCaller } from './request-caller';
import { requestViewOf } from './request-queries';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { commentSchema, engineerIdsSchema, groupRequestSchema, newDocumentsSchema, parseOrThrow, requestActionBodySchema, requestDateBodySchema, requestNumberBodySchema, requestShape, submittedRequestSchema } from '../../domain/request/validation';
import { requestActionNames } from '../../domain/request/actions';
import { id, objectBody } from '../../domain/shared/primitives';

const isEmptyScope = (scope: UnitScope) => !scope.all && scope.unitIds.length === 0;

const asArray = (v: unknown): unknown[] | undefined => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : undefined);
const asObject = (v: unknown, what: string): Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalid(`Нет данных «${what}» в запросе`);
  return v as Record<string, unknown>;
};

interface FileEntry {
  file_id?: unknown;
  id?: unknown;
  file_name?: unknown;
  name?: unknown;
  act_kind?: unknown;
  act_number?: unknown;
  act_date?: unknown;
  sign_type?: unknown;
  signers_count?: unknown;
}

const entryName = (e: FileEntry) => String(e.file_name ?? e.name ?? '');
const entryId = (e: FileEntry) => (e.file_id ?? e.id) != null ? String(e.file_id ?? e.id) : null;

/**
 * Splits the dialog's file lists (requests.md 7): `filesList` holds the common-tab attachments
 * (kept ones by id, new ones by name), `oldDocsList` the documents kept, `newDocsList` the new
 * documents with their act kind; new files arrive as `files` parts matched by name.
 */
const fileChanges = async (ctx: AppContext, fields: Record<string, unknown>, uploads: Upload[]) => {
  const used = new Set<Upload>();
  const toRef = async (u: Upload): Promise<FileRef> => fileRefOf(await ctx.ids.next('file'), u.name, u.mimetype, u.blob);
  const filesList = asArray(fields.filesList) as FileEntry[] | undefined;
  // Known act kinds and signing types only: the document and its act row must fit the read models.
  const newDocs = parseOrThrow(newDocumentsSchema, asArray(fields.newDocsList) ?? []) as FileEntry[];
  const oldDocs = asArray(fields.oldDocsList) as FileEntry[] | undefined;

  const documents_added: RequestDocument[] = [];
  for (const d of newDocs) {
    const u = takeUpload(uploads, used, entryName(d));
    if (!u) throw invalid(`Файл «${entryName(d)}» не передан`, { newDocsList: `Файл «${entryName(d)}» не передан` });
    const act_kind = (d.act_kind as RequestDocument['act_kind']) ?? null;
    if (act_kind) await checkActUpload(u);
    documents_added.push({
      ...(await toRef(u)),
      act_kind,
      sign_type: (d.sign_type as RequestDocument['sign_type']) ?? 'electron',
      signers_count: Number(d.signers_count) === 3 ? 3 : 2,
      // The save checks an act's number and date (domain/request/manual-act.ts).
      ...(act_kind ? { act_number: typeof d.act_number === 'string' ? d.act_number.trim() : null, act_date: (d.act_date as string | null | undefined) ?? null } : {}),
      added_manually: true,
    });
  }
  const attachments_added: FileRef[] = [];
  let attachments_kept: string[] | undefined;
  if (filesList) {
    attachments_kept = [];
    for (const f of filesList) {
      const id = entryId(f);
      if (id) attachments_kept.push(id);
      else {
        const u = takeUpload(uploads, used, entryName(f));
        if (!u) throw invalid(`Файл «${entryName(f)}» не передан`, { filesList: `Файл «${entryName(f)}» не передан` });
        attachments_added.push(await toRef(u));
      }
    }
  }
  // Files sent without a list entry are attachments of the common tab.
  for (const u of uploads) if (!used.has(u)) attachments_added.push(await toRef(u));
  return {
    attachments_added,
    attachments_kept,
    documents_added,
    documents_kept: oldDocs?.map(entryId).filter((x): x is string => x !== null),
  };
};

const revisionOf = (fields: Record<string, unknown>, request: Record<string, unknown>) => {
  const raw = fields.revision ?? request.revision;
  return raw === undefined || raw === null || raw === '' ? null : Number(raw);
};

/** The write side of requests.md section 7: register, save, buttons, number/date, comments, group. */
export const requestRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // The save's parts as the commands parse them (domain/request/validation.ts).
  const requestParts = documented({
    multipart: {
      request: { description: 'Заявка (JSON)', schema: submittedRequestSchema },
      engineers: { description: 'Исполнители (JSON, список id)', schema: engineerIdsSchema },
      spares: { description: 'ЗИП (JSON)' },
      sparesPbs: { description: 'ЗИП ПБС (JSON)', schema: requestShape.spares_pbs },
      works: { description: 'Работы (JSON)', schema: requestShape.works },
      toolsCommissioning: { description: 'Оборудование для ввода в эксплуатацию (JSON)', schema: requestShape.tools_commissioning },
      filesList: { description: 'Описание прикладываемых файлов (JSON)' },
      oldDocsList: { description: 'Оставляемые документы (JSON)' },
      newDocsList: { description: 'Новые документы (JSON)', schema: newDocumentsSchema },
      files: { description: 'Файлы (до 50 МБ каждый)', file: true },
    },
  });
  const w = { ...ctx, log: ctx.log };

  /**
   * `savedRequest` is the request as the command left it (its own stream); only the stock spares
   * come from a read model, so the answer waits for the projections when the command moved them.
   */
  const answer = async (request: FastifyRequest, outcome: RequestOutcome, message: string, extra: object = {}) => {
    const user = userOf(request);
    if (outcome.sparesChanged) await ctx.consistency.afterCommand(user.id, outcome.position);
    else ctx.consistency.recordWrite(user.id, outcome.position);
    return { message, savedRequest: await requestViewOf(ctx, outcome.after, user), ...extra };
  };

  /**
   * Rights and scope that can be told before the body is read, so that a call bound to be refused
   * does not stream its files at all: a save by path needs the request visible to the caller, a
   * save without a path at least the right to create or read requests.
   */
  const checkBeforeUpload = async (request: FastifyRequest, pathId: number | null) => {
    const user = userOf(request);
    const caller = requestCaller(user);
    // From the stream cache when this process appended to it last: saveRequest proves it current.
    if (pathId !== null) return loadVisible(w, caller, pathId, { cached: true });
    if (!hasOwnOrAll(user.rightsObject, 'RIGHT_REQUEST_CREATE') && isEmptyScope(caller.readScope)) throw forbidden('Недостаточно прав для создания заявок');
    return undefined;
  };

  const save = async (request: FastifyRequest, pathId: number | null) => {
    const checked = await checkBeforeUpload(request, pathId);
    const parsed = await readBody(request, ctx.files);
    // The files are committed as soon as the command was accepted, before the answer waits for anything.
    const saved = await withUploads(parsed, () => saveParsed(request, pathId, parsed.fields, parsed.uploads, checked ?? undefined));
    return answer(request, saved.outcome, saved.message, saved.extra);
  };

  const saveParsed = async (request: FastifyRequest, pathId: number | null, fields: Record<string, unknown>, uploads: Upload[], checked?: Loaded) => {
    const user = userOf(request);
    const body = asObject(fields.request, 'request');
    const id = pathId ?? (body.id ? idParam(body.id) : null);
    const files = await fileChanges(ctx, fields, uploads);
    const caller = requestCaller(user);
    const context = commandContext(request);
    if (!id) {
      if (!hasOwnOrAll(user.rightsObject, 'RIGHT_REQUEST_CREATE')) throw forbidden('Недостаточно прав для создания заявок');
      const r = await registerRequest(w, caller, { request: body, engineer_ids: fields.engineers, attachments: files.attachments_added }, context);
      return { outcome: r as RequestOutcome, message: 'Заявка создана', extra: {} };
    }
    const input: SaveInput = {
      request: body,
      revision: revisionOf(fields, body),
      engineer_ids: fields.engineers,
      spares: fields.spares,
      works: asArray(fields.works) as SaveInput['works'],
      spares_pbs: asArray(fields.sparesPbs) as SaveInput['spares_pbs'],
      tools_commissioning: asArray(fields.toolsCommissioning) as SaveInput['tools_commissioning'],
      students_list: asArray(fields.studentsList ?? body.students_list) as SaveInput['students_list'],
      ...files,
    };
    // A save by path: the stream as the check before the upload read it (saveRequest reads again if it moved).
    const r = await saveRequest(w, caller, idParam(id), input, context, checked);
    return { outcome: r as RequestOutcome, message: 'Заявка сохранена', extra: r.notices.length ? { notices: r.notices } : {} };
  };

  app.post('/api/request', requestParts, async (request) => save(request, null));
  app.put('/api/request', requestParts, async (request) => save(request, null));
  app.put('/api/request/:id', requestParts, async (request) => save(request, idParam((request.params as { id: string }).id)));

  app.post('/api/request/:id/:action', documented({ params: { action: z.enum(requestActionNames) }, body: requestActionBodySchema }), async (request) => {
    const { id: rawId, action } = request.params as { id: string; action: string };
    if (!isRequestAction(action)) throw invalid('Неизвестное действие');
    const user = userOf(request);
    const id = idParam(rawId);
    const raw = objectBody(request.body ?? {});
    // The executors as sent: the decider checks them (engineerIdsSchema) after the command reads them.
    const body = { ...raw, revision: parseOrThrow(requestActionBodySchema.pick({ revision: true }), raw).revision ?? null };
    const r = await requestAction(w, requestCaller(user), id, action, body, commandContext(request));
    return answer(request, r, 'Заявка сохранена');
  });

  app.delete('/api/request/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_REQUEST_DELETE', RightValue.FULL);
    const r = await deleteRequest(w, requestCaller(user), idParam((request.params as { id: string }).id), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Заявка удалена' };
  });

  app.post('/api/request_set_new_number', documented({ body: requestNumberBodySchema }), async (request) => {
    const user = requireRight(request, 'RIGHT_REQUEST_EDIT_NUMBER', RightValue.FULL);
    const body = (request.body ?? {}) as { requestId?: unknown; newNumber?: unknown };
    const id = idParam(body.requestId);
    const r = await changeRequestNumber(w, requestCaller(user), id, body.newNumber, commandContext(request));
    return answer(request, r, 'Номер заявки изменен');
  });

  app.post('/api/request_set_new_date', documented({ body: requestDateBodySchema }), async (request) => {
    const user = requireRight(request, 'RIGHT_REQUEST_EDIT_NUMBER', RightValue.FULL);
    const body = (request.body ?? {}) as { requestId?: unknown; newDate?: unknown };
    const id = idParam(body.requestId);
    const r = await changeRequestDate(w, requestCaller(user), id, body.newDate, commandContext(request));
    return answer(request, r, 'Дата заявки изменена');
  });

  app.post('/api/request_comments', documented({
    multipart: {
      requestComment: { description: 'Комментарий (JSON: request_id, comment, user_id)', schema: commentSchema.extend({ request_id: id() }) },
      usersIds: { description: 'Кого уведомить (JSON, список id)', schema: engineerIdsSchema },
      files: { description: 'Файлы (до 10 МБ каждый)', file: true },
    },
  }), async (request) => {
    const user = userOf(request);
    if (isEmptyScope(requestCaller(user).readScope)) throw notFound(REQUEST_NOT_FOUND);
    const parsed = await readBody(request, ctx.files, FEW_FILES_LIMITS);
    const { fields, uploads } = parsed;
    let id = 0;
    const r = await withUploads(parsed, async () => {
      const comment = asObject(fields.requestComment, 'requestComment');
      id = idParam(comment.request_id);
      const files: FileRef[] = [];
      for (const u of uploads) files.push(fileRefOf(await ctx.ids.next('file'), u.name, u.mimetype, u.blob));
      return addRequestComment(w, requestCaller(user), id, {
        comment: comment.comment,
        files,
        notify_user_ids: fields.usersIds ?? comment.users ?? comment.usersIds ?? [],
      }, commandContext(request));
    });
    // Waits for the read models: the users notified see the message at once.
    await ctx.consistency.afterCommand(user.id, r.position);
    const c = r.comment;
    return {
      message: 'Сообщение отправлено',
      // The added comment, as GET /api/request_comments/{id} lists it.
      comment: c && { id: c.comment_id, comment_id: c.comment_id, request_id: id, comment: c.comment, files: c.files, user_id: c.user_id, fio: c.fio, date_time_d: c.date_time_d, notify_user_ids: c.notify_user_ids },
    };
  });

  /** Group creation (RIGHT_MULTIPLE_REQUESTS): payload unitsIds, requestText, filesList + files. */
  app.post('/api/request_multiple', documented({
    multipart: {
      unitsIds: { description: 'Объекты (JSON, список id)', schema: groupRequestSchema.shape.units_ids },
      requestText: { description: 'Содержание заявки', schema: groupRequestSchema.shape.request_text },
      requestKindId: { description: 'Вид заявки', schema: id() },
      filesList: { description: 'Описание файлов (JSON)' },
      files: { description: 'Файлы', file: true },
    },
  }), async (request) => {
    const user = requireRight(request, 'RIGHT_MULTIPLE_REQUESTS', RightValue.FULL);
    const parsed = await readBody(request, ctx.files, FEW_FILES_LIMITS);
    const { fields, uploads } = parsed;
    const r = await withUploads(parsed, async () => {
      const attachments: FileRef[] = [];
      for (const u of uploads) attachments.push(fileRefOf(await ctx.ids.next('file'), u.name, u.mimetype, u.blob));
      return createRequestGroup(w, requestCaller(user), {
        units_ids: fields.unitsIds,
        request_text: fields.requestText,
        request_kind_id: fields.requestKindId,
        attachments,
      }, commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: `Создано заявок: ${r.ids.length}`, ids: r.ids };
  });
};
