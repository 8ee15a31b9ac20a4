import { formatDate } from '../shared/dates';
import {
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
  requestResultTitles,
  statusTitle,
  supportSystemTitles,
  warrantyKindTitles,
} from './enums';
import type { EditableItem } from './rules';
import type { RequestField } from './state';

/** Russian names of request fields for the history tab and for refusal messages. */
export const requestFieldTitles: Readonly<Record<RequestField, string>> = {
  id: 'Идентификатор',
  number: 'Номер',
  request_date_add: 'Дата регистрации',
  request_status_id: 'Состояние',
  request_kind_id: 'Тип заявки',
  request_performer_kind: 'Исполнитель (ГЛ/Филиал)',
  region_id: 'Регион',
  unit_id: 'Объект',
  contact_kind: 'Вид контакта',
  contact_id: 'Контактное лицо',
  contact_unknown_name: 'Контактное лицо (незарегистрированное)',
  contact_unknown_email: 'Email контактного лица',
  number_out: 'Номер исходящего документа суда',
  date_out_d: 'Дата исходящего документа суда',
  program_id: 'Программное обеспечение',
  subsystem_id: 'Подсистема',
  system_ts_id: 'Система технических средств',
  tool_id: 'Оборудование',
  learning_type_id: 'Вид обучения',
  repair_kind_id: 'Тип гарантийности',
  repair_type_id: 'Вид ремонта',
  repair_result_id: 'Результат ремонта',
  request_text: 'Описание',
  request_text_expl: 'Описание изученной заявки',
  note: 'Выполненные работы',
  hotlinegas_number: 'Номер на ГЛ',
  hotlinegas_close_d: 'Дата закрытия на ГЛ',
  hotline_email_register_sent: 'Письмо о регистрации на ГЛ отправлено',
  hotline_email_close_sent: 'Письмо о закрытии на ГЛ отправлено',
  result: 'Результат',
  result_type: 'Тип исполнения',
  result_d: 'Дата исполнения',
  commissioning_year: 'Год выпуска',
  fulfielled_works: 'Выполненные работы по вводу в эксплуатацию',
  co_13_number: 'Номер акта СО-1.3',
  co_13_d: 'Дата акта СО-1.3',
  co_3_number: 'Номер акта СО-3',
  co_3_d: 'Дата акта СО-3',
  co_7_number: 'Номер акта СО-7',
  co_7_d: 'Дата акта СО-7',
  co_8_number: 'Номер акта СО-8',
  co_8_d: 'Дата акта СО-8',
  co_41_number: 'Номер акта СО-4.1',
  co_41_d: 'Дата акта СО-4.1',
  co_42_number: 'Номер акта СО-4.2',
  co_42_d: 'Дата акта СО-4.2',
  date_repair_d: 'Дата ремонта',
  service_repair_id: 'Сервисный центр',
  date_pass_d: 'Дата передачи в СЦ',
  date_return_d: 'Дата возврата из СЦ',
  tool_in_d: 'Дата поступления в филиал',
  tool_out_d: 'Дата убытия из филиала',
  view_res_before: 'Результат осмотра до ремонта',
  view_res_after: 'Результат осмотра после ремонта',
  comment_before: 'Комментарий до ремонта',
  comment_after: 'Комментарий после ремонта',
  troubles_display: 'Показывать перечень неисправностей',
  troubles_list: 'Перечень неисправностей',
  hotline_result_id: 'Результат ГЛ',
  hotline_result_type: 'Тип исполнения ГЛ',
  hotline_result_date: 'Дата исполнения ГЛ',
  hotline_work_description: 'Описание работ ГЛ',
  instructed_person: 'Сообщение заявителю',
  engineer_id: 'Инженер ГЛ',
};

/** Russian names of the lists and pseudo-fields a save may change. */
export const requestListTitles = {
  engineers: 'Исполнители',
  works: 'Работы',
  spares_pbs: 'ЗИП ПБС',
  tools_commissioning: 'Оборудование для ввода в эксплуатацию',
  students_list: 'Слушатели',
  attachments: 'Вложения',
  documents: 'Документы',
  documents_add: 'Документы',
  documents_remove: 'Документы',
} as const;

export const editableItemTitle = (item: EditableItem): string =>
  item in requestFieldTitles
    ? requestFieldTitles[item as RequestField]
    : requestListTitles[item as keyof typeof requestListTitles];

const byId = (titles: Readonly<Record<number, string>>) => (v: number | string) => titles[Number(v)] ?? null;
const byKey = (titles: Readonly<Record<string, string>>) => (v: number | string) => titles[String(v)] ?? null;

const enumFormatters: Partial<Record<RequestField, (v: number | string) => string | null>> = {
  request_status_id: (v) => statusTitle(Number(v)),
  request_kind_id: (v) => kindTitle(Number(v)),
  request_performer_kind: byKey(performerKindTitles),
  contact_kind: byId(contactKindTitles),
  repair_kind_id: byId(warrantyKindTitles),
  repair_type_id: byId(repairTypeTitles),
  repair_result_id: byId(repairResultTitles),
  result: byKey(requestResultTitles),
  result_type: byId(performTypeTitles),
  hotline_result_type: byId(performTypeTitles),
  hotline_result_id: byId(hotlineResultTitles),
  view_res_before: byId(inspectionBeforeTitles),
  view_res_after: byId(inspectionAfterTitles),
  learning_type_id: byId(learningTypeTitles),
  system_ts_id: byId(supportSystemTitles),
};

const dateField = /(_d|_date|_dt)$/;

/**
 * A field value as the history tab shows it: enum titles, 'Да'/'Нет', dates DD.MM.YYYY,
 * empty values as ''. Reference ids (unit, program, tool, ...) come back as their number:
 * the projection resolves them to titles.
 */
export const formatFieldValue = (field: RequestField | string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (field === 'request_date_add' && typeof value === 'string') return formatDate(value);
  if (dateField.test(field) && typeof value === 'string') return formatDate(value);
  const fmt = enumFormatters[field as RequestField];
  if (fmt && (typeof value === 'number' || typeof value === 'string')) return fmt(value) ?? String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};
