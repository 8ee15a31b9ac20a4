import { z } from 'zod';
import { isoDateProblem, boundedInt, enumOf, nullableId, string, text, YEAR_MAX, YEAR_MIN } from '../shared/primitives';
import { fieldNamesOf, fieldsInGroup, fieldsOfType, titlesOf, type FieldSpec, type FieldTable, type FieldType } from '../shared/fields';
import {
  ContactKind,
  HotlineResult,
  InspectionAfter,
  InspectionBefore,
  LearningType,
  PerformType,
  PerformerKind,
  RepairResult,
  RepairType,
  RequestStatus,
  SupportSystem,
  WarrantyKind,
  contactKindTitles,
  hotlineResultTitles,
  inspectionAfterTitles,
  inspectionBeforeTitles,
  kindTitle,
  learningTypeTitles,
  performTypeTitles,
  performerKindTitles,
  repairResultTitles,
  repairTypeTitles,
  requestKindIds,
  requestResultTitles,
  requestResultValues,
  statusTitle,
  supportSystemTitles,
  warrantyKindTitles,
  type RequestResult,
} from './enums';
import { FREE_TEXT_MAX, dateMessages, requestMessages } from './messages';

/**
 * The request's plain fields (requests.md section 3), by their spec names, in the spec's order: the
 * one place a plain field is declared. Its value type, empty value, history title and value shape,
 * the zod base of a submitted value and the tabs that edit it come from here; the empty request
 * (state.ts), the columns of rm_requests (projections/request/list/schema.ts), the history tab and the
 * dialog's empty form are derived. Lists (works, documents, ...) are not plain fields: see state.ts.
 *
 * Groups are the tabs of 4.1: 'registration' (chosen on a new request only), 'common' ('Заявка'),
 * 'movement' ('Движение'), 'hotline' ('Техподдержка ГЛ'), 'hotlineNumber' (its own right) and
 * 'system' (set by the stream only; a save never changes them). Four fields sit on two tabs.
 */
export type RequestFieldGroup = 'registration' | 'common' | 'movement' | 'hotline' | 'hotlineNumber' | 'system';

/** What a reference value names; the read side resolves it (projections/request/history). */
export type RequestFieldRef = 'user' | 'unit' | 'tool' | 'regions' | 'programs' | 'programs_subsystems' | 'services_repairs';

type Spec<V> = FieldSpec<V, RequestFieldGroup, RequestFieldRef>;
type Extra = Partial<Pick<Spec<unknown>, 'zod' | 'shape'>>;

// Submitted values are typed and bounded only (the decider stores them as sent; rules come later).
const nullableEnum = (values: readonly number[], message: string = requestMessages.value) => enumOf(values, message).nullable();
const nullableText = text(FREE_TEXT_MAX).nullable();
// '' is an empty date (the rules treat it as missing); anything else is a real day of 1900..2999.
const nullableDate = z
  .string()
  .refine((v) => v === '' || isoDateProblem(v) === null, dateMessages.invalid)
  .nullable();

const byId = (titles: Readonly<Record<number, string>>) => (v: number | string) => titles[Number(v)] ?? null;
const byKey = (titles: Readonly<Record<string, string>>) => (v: number | string) => titles[String(v)] ?? null;
const titled = (title: (v: number | string) => string | null) => ({ kind: 'enum', title }) as const;
const ref = (r: RequestFieldRef) => ({ kind: 'ref', ref: r }) as const;

const field = <V, E extends Extra = Record<never, never>>(
  type: FieldType,
  empty: V,
  title: string,
  groups: readonly RequestFieldGroup[],
  extra?: E,
): Spec<V> & E => ({ type, empty, title, groups, ...(extra as E) });
const int = <E extends Extra = Record<never, never>>(title: string, groups: readonly RequestFieldGroup[], extra?: E) =>
  field<number | null, E>('int', null, title, groups, extra);
const txt = (title: string, groups: readonly RequestFieldGroup[]) => field('text', null as string | null, title, groups, { zod: nullableText });
/** A text a save never carries (the act numbers are generated). */
const generatedText = (title: string, groups: readonly RequestFieldGroup[]) => field<string | null>('text', null, title, groups);
const date = (title: string, groups: readonly RequestFieldGroup[]) => ({
  ...field('date', null as string | null, title, groups, { zod: nullableDate }),
  type: 'date' as const,
});
const flag = (title: string, groups: readonly RequestFieldGroup[]) => field<boolean>('bool', false, title, groups);
const id = (title: string, groups: readonly RequestFieldGroup[], r: RequestFieldRef) =>
  int(title, groups, { zod: nullableId(requestMessages.value), shape: ref(r) });
const choice = (title: string, groups: readonly RequestFieldGroup[], values: readonly number[], titles: Readonly<Record<number, string>>, message?: string) =>
  int(title, groups, { zod: nullableEnum(values, message), shape: titled(byId(titles)) });

const system = ['system'] as const;
const common = ['common'] as const;
const movement = ['movement'] as const;
const hotline = ['hotline'] as const;
const commonAndMovement = ['common', 'movement'] as const;

export const requestFieldTable = {
  id: int('Идентификатор', system),
  number: int('Номер', system),
  /** An ISO timestamp; dates ending in `_d`/`_date` are calendar dates 'YYYY-MM-DD'. */
  request_date_add: field<string | null>('ts', null, 'Дата регистрации', system),
  request_status_id: field('int', RequestStatus.UNDEFINED as number, 'Состояние', system, { shape: titled((v) => statusTitle(Number(v))) }),
  request_kind_id: int('Тип заявки', commonAndMovement, {
    zod: nullableEnum(requestKindIds, requestMessages.kind),
    shape: titled((v) => kindTitle(Number(v))),
  }),
  // A new request is a FILIAL one (4.1) until its form says otherwise.
  request_performer_kind: field('text', PerformerKind.FILIAL as PerformerKind, 'Исполнитель (ГЛ/Филиал)', ['registration'], {
    zod: z.enum([PerformerKind.SENIOR, PerformerKind.FILIAL]),
    shape: titled(byKey(performerKindTitles)),
  }),
  region_id: id('Регион', common, 'regions'),
  unit_id: id('Объект', common, 'unit'),
  // The contact is a user of the system unless the form says otherwise (4.1).
  contact_kind: field('int', ContactKind.FROM_IAC as number | null, 'Вид контакта', common, {
    zod: nullableEnum(Object.values(ContactKind), requestMessages.contactKind),
    shape: titled(byId(contactKindTitles)),
  }),
  contact_id: id('Контактное лицо', common, 'user'),
  contact_unknown_name: txt('Контактное лицо (незарегистрированное)', common),
  contact_unknown_email: txt('Email контактного лица', common),
  number_out: txt('Номер исходящего документа суда', common),
  date_out_d: date('Дата исходящего документа суда', common),
  program_id: id('Программное обеспечение', commonAndMovement, 'programs'),
  subsystem_id: id('Подсистема', movement, 'programs_subsystems'),
  system_ts_id: choice('Система технических средств', movement, Object.values(SupportSystem), supportSystemTitles),
  tool_id: id('Оборудование', commonAndMovement, 'tool'),
  learning_type_id: choice('Вид обучения', commonAndMovement, Object.values(LearningType), learningTypeTitles, requestMessages.learningType),
  repair_kind_id: choice('Тип гарантийности', movement, Object.values(WarrantyKind), warrantyKindTitles),
  repair_type_id: choice('Вид ремонта', movement, Object.values(RepairType), repairTypeTitles),
  repair_result_id: choice('Результат ремонта', movement, Object.values(RepairResult), repairResultTitles),
  request_text: field('text', '' as string, 'Описание', common, { zod: string(requestMessages.description) }),
  request_text_expl: txt('Описание изученной заявки', movement),
  note: txt('Выполненные работы', movement),
  hotlinegas_number: txt('Номер на ГЛ', ['hotlineNumber']),
  hotlinegas_close_d: date('Дата закрытия на ГЛ', hotline),
  hotline_email_register_sent: flag('Письмо о регистрации на ГЛ отправлено', system),
  hotline_email_close_sent: flag('Письмо о закрытии на ГЛ отправлено', system),
  result: field('text', null as RequestResult | null, 'Результат', movement, {
    zod: z.enum(requestResultValues).nullable(),
    shape: titled(byKey(requestResultTitles)),
  }),
  result_type: choice('Тип исполнения', movement, Object.values(PerformType), performTypeTitles),
  result_d: date('Дата исполнения', movement),
  commissioning_year: int('Год выпуска', movement, { zod: boundedInt(YEAR_MIN, YEAR_MAX, { message: requestMessages.year }).nullable() }),
  fulfielled_works: txt('Выполненные работы по вводу в эксплуатацию', movement),
  co_13_number: generatedText('Номер акта СО-1.3', movement),
  co_13_d: date('Дата акта СО-1.3', movement),
  co_3_number: generatedText('Номер акта СО-3', movement),
  co_3_d: date('Дата акта СО-3', movement),
  co_7_number: generatedText('Номер акта СО-7', movement),
  co_7_d: date('Дата акта СО-7', movement),
  co_8_number: generatedText('Номер акта СО-8', movement),
  co_8_d: date('Дата акта СО-8', movement),
  co_41_number: generatedText('Номер акта СО-4.1', movement),
  co_41_d: date('Дата акта СО-4.1', movement),
  co_42_number: generatedText('Номер акта СО-4.2', movement),
  co_42_d: date('Дата акта СО-4.2', movement),
  date_repair_d: date('Дата ремонта', movement),
  service_repair_id: id('Сервисный центр', movement, 'services_repairs'),
  date_pass_d: date('Дата передачи в СЦ', movement),
  date_return_d: date('Дата возврата из СЦ', movement),
  tool_in_d: date('Дата поступления в филиал', movement),
  tool_out_d: date('Дата убытия из филиала', movement),
  view_res_before: choice('Результат осмотра до ремонта', movement, Object.values(InspectionBefore), inspectionBeforeTitles),
  view_res_after: choice('Результат осмотра после ремонта', movement, Object.values(InspectionAfter), inspectionAfterTitles),
  comment_before: txt('Комментарий до ремонта', movement),
  comment_after: txt('Комментарий после ремонта', movement),
  troubles_display: flag('Показывать перечень неисправностей', movement),
  troubles_list: txt('Перечень неисправностей', movement),
  hotline_result_id: choice('Результат ГЛ', hotline, Object.values(HotlineResult), hotlineResultTitles),
  hotline_result_type: choice('Тип исполнения ГЛ', hotline, Object.values(PerformType), performTypeTitles),
  hotline_result_date: date('Дата исполнения ГЛ', hotline),
  hotline_work_description: txt('Описание работ ГЛ', hotline),
  /** The message to the declarant (hot line tab). */
  instructed_person: txt('Сообщение заявителю', hotline),
  /** The hot line engineer who took the request (set by the hot line take). */
  engineer_id: int('Инженер ГЛ', system, { shape: ref('user') }),
};

type Table = typeof requestFieldTable;
type ValueOf<S> = S extends FieldSpec<infer V, RequestFieldGroup, RequestFieldRef> ? V : never;

/** The scalar fields of a request, as the table declares them. */
export type RequestFields = { -readonly [K in keyof typeof requestFieldTable]: ValueOf<(typeof requestFieldTable)[K]> };
export type RequestField = keyof RequestFields;

const table: FieldTable<RequestFields, RequestFieldGroup, RequestFieldRef> = requestFieldTable;
export { table as requestFields };

/** Every scalar field name, in the order of the spec's list. */
export const requestFieldNames: readonly RequestField[] = fieldNamesOf(table);

/** Russian names of request fields for the history tab and for refusal messages. */
export const requestFieldTitles: Readonly<Record<RequestField, string>> = titlesOf(table);

/** The fields of one tab (4.1), in table order. */
export const requestFieldsOf = (group: RequestFieldGroup): RequestField[] => fieldsInGroup(table, group);

/** A calendar-date field ('YYYY-MM-DD'). */
export type RequestDateField = { [K in keyof Table]: Table[K]['type'] extends 'date' ? K : never }[keyof Table];

/** A field a save may carry: its table entry has a zod base. */
export type SubmittedRequestField = { [K in keyof Table]: Table[K] extends { zod: z.ZodTypeAny } ? K : never }[keyof Table];
/** The zod bases of the fields a save may carry, in table order. */
export const submittedFieldShape = Object.fromEntries(
  requestFieldNames.flatMap((f) => {
    const base = table[f].zod;
    return base ? [[f, base]] : [];
  }),
) as { [K in SubmittedRequestField]: Table[K]['zod'] };

/** Calendar-date fields: the request schema checks them with the date rules, the form masks them. */
export const requestDateFields = fieldsOfType(table, 'date') as readonly RequestDateField[];
