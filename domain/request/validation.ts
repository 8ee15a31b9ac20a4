import { z } from 'zod';
import { isCalendarDate, parseRuDate, toDateOnly } from '../shared/dates';
import { boundedInt, idList, id as idOf, money, quickUnion, string, text } from '../shared/primitives';
import { parseOrThrow as parseShared, ruErrorMap } from '../shared/validation';
import {
  ContactKind,
  RepairType,
  RequestKind,
  RequestStatus,
  WarrantyKind,
  actKindValues,
  serviceCentreRepairTypes,
  softwareKinds,
} from './enums';
import { requestDateFields, submittedFieldShape } from './fields';
import { isBeforeTake } from './lifecycle';
import { FREE_TEXT_MAX, DESCRIPTION_MAX, DESCRIPTION_MIN, NOTE_MIN_EXCLUSIVE, COMMENT_MAX_EXCLUSIVE, COMMENT_MIN, TITLE_MAX, dateMessages, requestMessages } from './messages';

export * from './messages';

/** Russian texts for zod's own issues (the platform's, shared by every area). */
export { ruErrorMap };

// ---------------------------------------------------------------------------------------------
// Dates

export interface DateRules {
  required?: boolean;
  /** Not after this day (an ISO date or timestamp: today from the command context). */
  notAfter?: string | null;
  /** Not before this day; the message names it. */
  min?: string | null;
  /** A message replacing 'Дата должна быть больше или равна {date}'. */
  minMessage?: string;
}

/** The first broken rule of an ISO date ('YYYY-MM-DD'), or null. */
export const checkIsoDate = (iso: string | null | undefined, rules: DateRules = {}): string | null => {
  if (iso == null || iso === '') return rules.required ? dateMessages.required : null;
  if (!isCalendarDate(iso.slice(0, 10))) return dateMessages.invalid;
  const day = iso.slice(0, 10);
  if (rules.notAfter && day > toDateOnly(rules.notAfter)) return dateMessages.future;
  if (rules.min && day < toDateOnly(rules.min)) return rules.minMessage ?? dateMessages.min(toDateOnly(rules.min));
  return null;
};

const MASK_EMPTY = /^[_\s.]*$/;

/**
 * A masked input 'DD.MM.YYYY' (mask ##.##.####) for the client: yields 'YYYY-MM-DD', or null
 * when empty and not required.
 */
export const ruDate = (rules: DateRules = {}) =>
  z
    .string()
    .nullable()
    .optional()
    .transform((value, ctx): string | null => {
      const text = (value ?? '').trim();
      const fail = (message: string) => {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      };
      if (MASK_EMPTY.test(text)) return rules.required ? fail(dateMessages.required) : null;
      if (!/^\d{2}\.\d{2}\.\d{4}$/.test(text)) return fail(dateMessages.format);
      const iso = parseRuDate(text);
      if (!iso) return fail(dateMessages.invalid);
      const broken = checkIsoDate(iso, rules);
      return broken ? fail(broken) : iso;
    });

/** An API date 'YYYY-MM-DD' (null when empty and not required) with the same rules. */
export const isoDate = (rules: DateRules = {}) =>
  z
    .string()
    .nullable()
    .optional()
    .transform((value, ctx): string | null => {
      const text = value ?? '';
      if (text === '') {
        if (!rules.required) return null;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: dateMessages.required });
        return z.NEVER;
      }
      const broken = checkIsoDate(text, rules);
      if (broken) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: broken });
        return z.NEVER;
      }
      return text.slice(0, 10);
    });

// ---------------------------------------------------------------------------------------------
// The request (common tab, movement sections, lists)

export interface RequestValidationContext {
  /** ISO timestamp of the command (today). */
  now: string;
  /** request_date_add; for a new request the command's time. */
  createdAt?: string | null;
  /** The request's status before the save (0 for a new request). */
  status?: number;
}

/** The most lines a request list (works, spares, students, tools) may hold. */
export const LIST_MAX = 1000;

const listOf = <S extends z.ZodTypeAny>(item: S) => z.array(item).max(LIST_MAX, `Не более ${LIST_MAX} строк`);

export const workItemSchema = z.object({
  title: string(requestMessages.workTitle).trim().min(1, requestMessages.workTitle).max(TITLE_MAX, requestMessages.workTitle),
  cost: money({ negativeMessage: requestMessages.cost }),
});
export const sparePbsItemSchema = z.object({
  title: string(requestMessages.spareTitle).trim().min(1, requestMessages.spareTitle).max(TITLE_MAX, requestMessages.spareTitle),
  cost: money({ negativeMessage: requestMessages.cost }),
});
export const studentSchema = z.object({
  name: string(requestMessages.studentName).trim().min(1, requestMessages.studentName).max(TITLE_MAX, requestMessages.studentName),
  post: text(TITLE_MAX, requestMessages.value),
});
export const commissioningToolSchema = z.object({
  tool_id: idOf({ message: requestMessages.toolLine, coerce: false }),
  settling_place: text(TITLE_MAX, requestMessages.value),
  instructed_person: text(TITLE_MAX, requestMessages.value),
});
export const fileRefSchema = z.object({
  file_id: text(255).min(1),
  file_name: text(FREE_TEXT_MAX).min(1),
  mimetype: text(255),
  size: boundedInt(0, Number.MAX_SAFE_INTEGER),
  checksum: text(255),
});
export const requestDocumentSchema = fileRefSchema.extend({
  act_kind: z.enum(actKindValues).nullable(),
  sign_type: z.enum(['paper', 'electron']),
  signers_count: z.union([z.literal(2), z.literal(3)]),
});

/**
 * Ids and enumerations are bounded so every accepted value fits the read models (PostgreSQL
 * integer). Nothing is coerced: the decider stores the submitted values, not the parsed ones.
 * The plain fields' bases come from the field table (table order), the lists follow (the save's
 * parts `works`, `sparesPbs`, `toolsCommissioning` are these lists).
 */
export const requestShape = {
  ...submittedFieldShape,
  works: listOf(workItemSchema),
  spares_pbs: listOf(sparePbsItemSchema),
  students_list: listOf(studentSchema),
  tools_commissioning: listOf(commissioningToolSchema),
};

/**
 * The submitted request as the handler receives it, before any lookup: every given field must have
 * its type and range (ids within PostgreSQL integer, enumerations among the spec's values), so no
 * lookup or event ever carries a value the read models cannot hold. The rules come later (the
 * decider), where a field the actor may not change is reverted before it is judged.
 */
export const submittedRequestSchema = z
  .object(
    // '' is how a form sends an empty choice; the handler and the decider read it as empty.
    Object.fromEntries(Object.entries(requestShape).map(([k, v]) => [k, quickUnion([z.literal(''), v]).optional()])) as {
      [K in keyof typeof requestShape]: z.ZodOptional<z.ZodUnion<[z.ZodLiteral<''>, (typeof requestShape)[K]]>>;
    },
  )
  .passthrough();

/** New act documents as the dialog lists them (`newDocsList`): a known act kind and signing type. */
export const newDocumentsSchema = listOf(
  z
    .object({
      act_kind: z.enum(actKindValues, { errorMap: () => ({ message: requestMessages.value }) }).nullish(),
      sign_type: z.enum(['paper', 'electron'], { errorMap: () => ({ message: requestMessages.value }) }).nullish(),
      // A hand-uploaded act's number and date; the save checks them with `manualActSchema`.
      act_number: z.string({ invalid_type_error: requestMessages.value }).nullish(),
      act_date: z.string({ invalid_type_error: requestMessages.value }).nullish(),
    })
    .passthrough(),
);

/** Date fields the request schema checks with the date rules (the client checks the same ones). */
export const dateFieldsChecked = requestDateFields;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The repair type agrees with the warranty kind: the guaranty type iff the warranty kind GUARANTY. */
export const repairTypeMatchesWarranty = (repairTypeId: number | null, repairKindId: number | null): boolean =>
  repairTypeId == null || repairKindId == null || (repairTypeId === RepairType.GUARANTY) === (repairKindId === WarrantyKind.GUARANTY);

/**
 * The request form (requests.md section 5): the common tab, the movement sections, the lists.
 * Built per save because rules depend on today, the creation date and the status.
 */
export const requestSchema = (context: RequestValidationContext) => {
  const today = toDateOnly(context.now);
  const created = toDateOnly(context.createdAt ?? context.now);
  const status = context.status ?? RequestStatus.UNDEFINED;
  return z
    .object(requestShape)
    .passthrough()
    .superRefine((r, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: path.split('.'), message });
      const date = (field: (typeof dateFieldsChecked)[number], rules: DateRules) => {
        const broken = checkIsoDate(r[field], rules);
        if (broken) issue(field, broken);
        return !broken;
      };
      const kind = r.request_kind_id;

      // Common tab.
      if (r.region_id == null) issue('region_id', requestMessages.choose);
      if (r.unit_id == null) issue('unit_id', requestMessages.choose);
      if (r.contact_kind == null) issue('contact_kind', requestMessages.contactKind);
      else if (r.contact_kind === ContactKind.STRANGER) {
        if (!EMAIL.test((r.contact_unknown_email ?? '').trim())) issue('contact_unknown_email', requestMessages.email);
      } else if (r.contact_id == null) issue('contact_id', requestMessages.contact);
      if (kind == null) issue('request_kind_id', requestMessages.kind);
      if (kind != null && (softwareKinds as readonly number[]).includes(kind) && r.program_id == null)
        issue('program_id', requestMessages.program);
      const text = r.request_text.trim();
      if (text.length < DESCRIPTION_MIN) issue('request_text', requestMessages.description);
      else if (r.request_text.length > DESCRIPTION_MAX) issue('request_text', requestMessages.descriptionMax);
      date('date_out_d', { notAfter: today });
      const pastWaiting = !isBeforeTake(status);
      if (pastWaiting && (kind === RequestKind.COMMON_SOFTWARE || kind === RequestKind.REPAIR_HARD) && r.tool_id == null)
        issue('tool_id', requestMessages.tool);
      if (kind === RequestKind.LEARNING && r.learning_type_id == null) issue('learning_type_id', requestMessages.learningType);

      // Result block.
      if (r.result != null && (r.note ?? '').trim().length <= NOTE_MIN_EXCLUSIVE) issue('note', requestMessages.note);
      if (kind !== RequestKind.REPAIR_HARD) date('result_d', { min: created });
      else date('result_d', {});

      // Repair section.
      if (kind === RequestKind.REPAIR_HARD) {
        if (!repairTypeMatchesWarranty(r.repair_type_id, r.repair_kind_id)) issue('repair_type_id', requestMessages.repairTypeWarranty);
        const toolInOk = date('tool_in_d', { notAfter: today });
        const passOk = date('date_pass_d', { notAfter: today, min: created, minMessage: requestMessages.beforeCreation });
        if (r.date_pass_d && r.tool_in_d == null) issue('tool_in_d', requestMessages.required);
        date('date_return_d', { min: passOk ? r.date_pass_d : null, minMessage: requestMessages.beforePass });
        if (r.tool_out_d && r.tool_in_d == null) issue('tool_out_d', requestMessages.departureWithoutArrival);
        else date('tool_out_d', { min: toolInOk ? r.tool_in_d : null, minMessage: requestMessages.beforeArrival });
        if (r.date_repair_d) {
          if (!isCalendarDate(r.date_repair_d.slice(0, 10))) issue('date_repair_d', dateMessages.invalid);
          else if (r.date_repair_d < created) issue('date_repair_d', requestMessages.beforeRequestDate);
          else if (r.date_repair_d > today) issue('date_repair_d', requestMessages.repairInFuture);
          else if (toolInOk && r.tool_in_d && r.date_repair_d < r.tool_in_d) issue('date_repair_d', requestMessages.repairDateError);
        }
        if (
          r.repair_type_id != null &&
          (serviceCentreRepairTypes as readonly number[]).includes(r.repair_type_id) &&
          r.service_repair_id == null
        )
          issue('service_repair_id', requestMessages.choose);
      }

      // Remaining dates: well-formed.
      const checked = new Set<string>(['date_out_d', 'result_d']);
      if (kind === RequestKind.REPAIR_HARD)
        for (const f of ['tool_in_d', 'date_pass_d', 'date_return_d', 'tool_out_d', 'date_repair_d']) checked.add(f);
      for (const f of dateFieldsChecked) if (!checked.has(f)) date(f, {});
    });
};

export type RequestFormValues = z.input<ReturnType<typeof requestSchema>>;

// ---------------------------------------------------------------------------------------------
// Small forms

/** A chat message: under 2000 characters; sending needs at least 5. */
export const commentSchema = z.object({
  comment: string(requestMessages.commentMin)
    .max(COMMENT_MAX_EXCLUSIVE - 1, requestMessages.comment)
    .refine((c) => c.trim().length >= COMMENT_MIN, requestMessages.commentMin),
});

/** Group creation: at least one unit, a description longer than 5 characters. */
export const groupRequestSchema = z.object({
  units_ids: idList({ message: requestMessages.units, coerce: false }).min(1, requestMessages.units),
  request_text: string(requestMessages.description)
    .refine((t) => t.trim().length > DESCRIPTION_MIN, requestMessages.description)
    .refine((t) => t.length <= DESCRIPTION_MAX, requestMessages.descriptionMax),
});

/** The new number of a request: digits only. */
export const requestNumberSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,9}$/.test(v), requestMessages.integer)
  .transform(Number);

/** The new registration date of a request (API form). */
export const requestDateSchema = isoDate({ required: true }).refine((v): v is string => v != null, dateMessages.required);

// ---------------------------------------------------------------------------------------------
// Server use

/** Field path -> first message. */
export const fieldErrorsOf = (error: z.ZodError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = i.path.join('.') || '_';
    if (!(key in out)) out[key] = i.message;
  }
  return out;
};

/** Parses or throws invalid(first message, field errors); the decider calls it before deciding. */
export const parseOrThrow = parseShared;

/** The executors of a request: ids of accounts, nothing coerced. */
export const engineerIdsSchema = idList({ message: requestMessages.engineers, coerce: false });

/**
 * A button's call (POST /api/request/{id}/{action}): the revision the client saw (409 when the
 * request moved since) and, for an assignment, the executors (`engineers` is the older name).
 */
export const requestActionBodySchema = z.object({
  revision: boundedInt(0, 2_147_483_647, { coerce: true }).nullish(),
  engineer_ids: engineerIdsSchema.optional(),
  engineers: engineerIdsSchema.optional(),
});

/** POST /api/request_set_new_number and _date: the request and its new number or date. */
export const requestNumberBodySchema = z.object({ requestId: idOf(), newNumber: requestNumberSchema });
export const requestDateBodySchema = z.object({ requestId: idOf(), newDate: requestDateSchema });
