import { forbidden, invalid, refused } from '../shared/errors';
import { actFields, actPrecondition } from './acts';
import type { RequestLookups, SaveRequest } from './commands';
import type { FieldChange, RequestEvent } from './events';
import { requestDateFields } from './fields';
import { validateFiles } from './files';
import { manualActMessages, manualActSchema } from './manual-act';
import { applyFieldReactions } from './reactions';
import { editableFields, editableInStatus } from './machine';
import { movementLists, systemFields, type EditableItem } from './rules';
import { requestFieldNames, sameValue, type Actor, type RequestData, type RequestDocument, type RequestField, type RequestState } from './state';
import { ZodError } from 'zod';
import { fieldErrorsOf, requestSchema, ruErrorMap } from './validation';
import { decisionMessages, ev } from './decide-support';

/*
 * What a save changes: the submitted request over the stored one, the items it touches, whether the
 * actor may touch them (4.1), the validation of the result and the events of its field and list changes.
 */

const system = new Set<RequestField>(systemFields);
/** The fields a save may carry (the stream alone sets the system fields). */
export const editableScalarFields = requestFieldNames.filter((f) => !system.has(f));
/**
 * The act number and date fields: filled by a generated act or by the act a save uploads, cleared
 * when that act is removed; never typed (decisions 72–86).
 */
const actFieldSet = new Set<RequestField>(Object.values(actFields).flatMap((pair) => pair ?? []));
const dateFieldSet = new Set<RequestField>(requestDateFields);
/** The whole request as the save submits it: known fields over the stored ones, lists replaced. */
export const submittedData = (before: RequestData, command: Omit<SaveRequest, 'type' | 'actor'>): RequestData => {
  const out: RequestData = { ...before };
  const submitted = command.request as Record<string, unknown>;
  for (const f of editableScalarFields) if (f in submitted && !actFieldSet.has(f)) (out as Record<RequestField, unknown>)[f] = submitted[f] ?? null;
  if (typeof out.request_text !== 'string') out.request_text = '';
  for (const l of movementLists) if (command[l] !== undefined) (out as unknown as Record<string, unknown>)[l] = command[l];
  const removedAttachments = new Set(command.attachments_removed ?? []);
  const attachments = out.attachments.filter((f) => !removedAttachments.has(f.file_id));
  for (const f of command.attachments_added ?? []) if (!attachments.some((a) => a.file_id === f.file_id)) attachments.push(f);
  out.attachments = attachments;
  const removedDocuments = new Set(command.documents_removed ?? []);
  const documents = out.documents.filter((d) => !removedDocuments.has(d.file_id));
  for (const d of command.documents_added ?? []) if (!documents.some((x) => x.file_id === d.file_id)) documents.push(d);
  out.documents = documents;
  // A hand-uploaded act carries its number and date from the upload dialog (decisions 72–86): they fill
  // the act's fields as a generated act's do (the form shows these fields read-only).
  const o = out as unknown as Record<RequestField, unknown>;
  for (const d of command.documents_added ?? []) {
    const pair = d.act_kind ? actFields[d.act_kind] : null;
    if (pair && d.act_number) {
      o[pair[0]] = d.act_number;
      o[pair[1]] = d.act_date ?? null;
    }
  }
  return out;
};

export const added = <T extends { file_id: string }>(before: readonly T[], after: readonly T[]) =>
  after.filter((a) => !before.some((b) => b.file_id === a.file_id));

/** What of the request a save touches, as the editability check names it. */
export const touchedItems = (before: RequestData, after: RequestData): EditableItem[] => {
  const items: EditableItem[] = editableScalarFields.filter((f) => !sameValue(before[f], after[f]));
  for (const l of movementLists) if (!sameValue(before[l], after[l])) items.push(l);
  if (!sameValue(before.attachments, after.attachments)) items.push('attachments');
  if (added(before.documents, after.documents).length) items.push('documents_add');
  if (added(after.documents, before.documents).length) items.push('documents_remove');
  return items;
};

const revert = (data: RequestData, before: RequestData, item: EditableItem): void => {
  const d = data as unknown as Record<string, unknown>;
  const b = before as unknown as Record<string, unknown>;
  if (item === 'documents_add') data.documents = data.documents.filter((x) => before.documents.some((y) => y.file_id === x.file_id));
  else if (item === 'documents_remove')
    data.documents = [...data.documents, ...before.documents.filter((y) => !data.documents.some((x) => x.file_id === y.file_id))];
  else d[item] = b[item];
};

const isTouchedAlike = (a: RequestData, b: RequestData, item: EditableItem): boolean =>
  !touchedItems(a, b).includes(item);

/**
 * A save changes only what the actor may change now (4.1). A change outside the editable set
 * is accepted only when the field reactions of the allowed changes produce it themselves
 * (the client applies the same rules while editing).
 */
export const checkEditability = (
  state: RequestState,
  submitted: RequestData,
  actor: Actor,
  lookups: RequestLookups,
  now: string,
): void => {
  const editable = editableFields(state, actor);
  const touched = touchedItems(state, submitted);
  const locked = touched.filter((i) => !editable.has(i));
  if (locked.length === 0) return;
  const allowedOnly: RequestData = { ...submitted };
  for (const item of locked) revert(allowedOnly, state, item);
  const derived = applyFieldReactions(state.registered ? state : null, allowedOnly, lookups, now).request;
  for (const item of locked) {
    if (isTouchedAlike(derived, submitted, item)) continue;
    if (!state.registered) throw refused(decisionMessages.fieldNotOnCreate(item));
    if (editableInStatus(state, item)) throw forbidden(decisionMessages.noRightsForField(item));
    throw refused(decisionMessages.fieldLocked(item, state.request_status_id));
  }
};

export const fileList = (files: readonly { file_name: string; size: number }[]) => files.map((f) => ({ name: f.file_name, size: f.size }));

/**
 * Validates the saved request. Errors are reported for what the actor can fix: fields editable
 * now and fields this save touched; an old flaw in a field nobody may change in this status
 * does not block, say, filling the hot line number of a performed request.
 */
export const validateData = (
  next: RequestData,
  before: RequestData,
  createdAt: string,
  status: number,
  now: string,
  fixable?: ReadonlySet<string>,
): void => {
  const parsed = requestSchema({ now, createdAt, status }).safeParse(next, { errorMap: ruErrorMap });
  if (!parsed.success) {
    const issues = parsed.error.issues.filter((i) => !fixable || fixable.has(String(i.path[0])));
    if (issues.length) throw invalid(issues[0]?.message ?? '', fieldErrorsOf(new ZodError(issues)));
  }
  if (!sameValue(before.attachments, next.attachments)) {
    const broken = validateFiles(fileList(next.attachments), 'attachments');
    if (broken) throw invalid(broken, { attachments: broken });
  }
  if (added(before.documents, next.documents).length) {
    const broken = validateFiles(fileList(next.documents), 'documents');
    if (broken) throw invalid(broken, { documents: broken });
  }
};

const typedValue = (f: RequestField, v: unknown): unknown => {
  if (v === undefined || v === '') return null;
  return dateFieldSet.has(f) && typeof v === 'string' ? v.slice(0, 10) : v;
};

/**
 * A save may send the act fields only as they are stored or as this save's act documents leave
 * them (the dialog sends the whole request, and clears the fields itself when an act is removed).
 */
export const checkTypedActFields = (before: RequestData, request: Readonly<Record<string, unknown>>, next: RequestData): void => {
  for (const f of actFieldSet) {
    if (!(f in request)) continue;
    const typed = typedValue(f, request[f]);
    if (sameValue(typed, typedValue(f, before[f])) || sameValue(typed, typedValue(f, next[f]))) continue;
    throw invalid(manualActMessages.typed, { [f]: manualActMessages.typed });
  }
};

/**
 * Every new hand-uploaded act (the route flags each upload `added_manually`) carries a valid number
 * and date (`manualActSchema`): checked before the request's own validation, which would otherwise
 * name the act field they fill.
 */
export const checkNewActNumbers = (before: RequestData, next: RequestData): void => {
  for (const doc of added(before.documents, next.documents)) {
    if (doc.added_manually !== true) continue;
    const act = manualActSchema({ createdAt: before.request_date_add }).safeParse(doc);
    if (act.success) continue;
    const message = act.error.issues[0]?.message ?? manualActMessages.number;
    throw invalid(message, { documents: message });
  }
};

/** Every new act document must meet the act's preconditions on the saved data. */
export const checkNewActs = (before: RequestData, next: RequestData): void => {
  for (const doc of added(before.documents, next.documents)) {
    if (!doc.act_kind) continue;
    const broken = actPrecondition({ ...next, documents: next.documents.filter((d) => d.file_id !== doc.file_id) }, doc.act_kind);
    if (broken) throw refused(broken);
  }
};

/** The events a save's field and list changes produce (without status transitions). */
export const changeEvents = (before: RequestData, next: RequestData, removedDocuments: readonly RequestDocument[]): RequestEvent[] => {
  const events: RequestEvent[] = [];
  for (const f of added(next.attachments, before.attachments))
    events.push(ev('RequestAttachmentRemoved', { file_id: f.file_id, file_name: f.file_name }));
  for (const f of added(before.attachments, next.attachments)) events.push(ev('RequestAttachmentAdded', { file: f }));
  for (const d of removedDocuments)
    events.push(ev('RequestDocumentRemoved', { file_id: d.file_id, file_name: d.file_name, act_kind: d.act_kind }));
  for (const d of added(before.documents, next.documents)) events.push(ev('RequestDocumentAttached', { document: d }));
  if (!sameValue(before.works, next.works)) events.push(ev('RequestWorksChanged', { works: next.works, previous: before.works }));
  if (!sameValue(before.spares_pbs, next.spares_pbs))
    events.push(ev('RequestSparesPbsChanged', { spares_pbs: next.spares_pbs, previous: before.spares_pbs }));
  if (!sameValue(before.tools_commissioning, next.tools_commissioning))
    events.push(
      ev('RequestCommissioningToolsChanged', { tools_commissioning: next.tools_commissioning, previous: before.tools_commissioning }),
    );
  if (!sameValue(before.students_list, next.students_list))
    events.push(ev('RequestStudentsChanged', { students_list: next.students_list, previous: before.students_list }));
  const changes: FieldChange[] = editableScalarFields
    .filter((f) => !sameValue(before[f], next[f]))
    .map((f) => ({ field: f, old: before[f], new: next[f] }));
  if (changes.length) events.push(ev('RequestFieldsChanged', { changes }));
  return events;
};
