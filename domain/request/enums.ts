/**
 * Enumerations of the requests area (requests.md section 3, administration.md section 3) with
 * their Russian titles. Numeric ids are the ids the spec gives; where the spec leaves the values
 * open (results, learning types, inspections, hot line results) the encoding is ours and is
 * documented in docs/notes/request-domain.md.
 */

// ---------------------------------------------------------------------------------------------
// Statuses

export const RequestStatus = {
  UNDEFINED: 0,
  WAITING_ASSIGNMENT: 1,
  WAITING_ENGINEER: 2,
  PERFORMING: 3,
  PERFORMED: 4,
  CLOSED: 7,
  CANCELED: 8,
  HOT_LINE_WAITING: 9,
  HOT_LINE_PERFORMING: 10,
  HOT_LINE_PERFORMED: 11,
} as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];
export type RequestStatusName = keyof typeof RequestStatus;

export const requestStatusTitles: Readonly<Record<RequestStatus, string>> = {
  0: 'Не определен',
  1: 'Ожидает назначения',
  2: 'Ожидает исполнителя',
  3: 'Исполняется',
  4: 'Выполнена',
  7: 'Закрыта',
  8: 'Отменена',
  9: 'Ожидает ГЛ',
  10: 'Исполняется ГЛ',
  11: 'Выполнена ГЛ',
};

export const requestStatusIds: readonly RequestStatus[] = Object.values(RequestStatus);

export const isRequestStatus = (id: unknown): id is RequestStatus =>
  typeof id === 'number' && (requestStatusIds as readonly number[]).includes(id);

export const statusName = (id: RequestStatus): RequestStatusName =>
  (Object.keys(RequestStatus) as RequestStatusName[]).find((k) => RequestStatus[k] === id) as RequestStatusName;

/** The list shows an unknown status as '!!! Неизвестный статус (id) !!!'. */
export const statusTitle = (id: number | null | undefined): string =>
  isRequestStatus(id) ? requestStatusTitles[id] : `!!! Неизвестный статус (${String(id)}) !!!`;


// ---------------------------------------------------------------------------------------------
// Kinds

export const RequestKind = {
  COMMON_SOFTWARE: 1,
  REPAIR_HARD: 2,
  COMMISSIONING: 3,
  SPECIAL_SOFTWARE: 4,
  LEARNING: 5,
  RESTORE: 7,
  TASK: 8,
  MISTAKE: 9,
  REVOKE: 10,
  CONSULTATION: 11,
  PROPOSAL: 12,
} as const;
export type RequestKind = (typeof RequestKind)[keyof typeof RequestKind];

export const requestKindTitles: Readonly<Record<RequestKind, string>> = {
  1: 'Общее программное обеспечение',
  2: 'Ремонт оборудования',
  3: 'Ввод в эксплуатацию',
  4: 'Специальное программное обеспечение',
  5: 'Обучение',
  7: 'Восстановление',
  8: 'Задача',
  9: 'Ошибка',
  10: 'Отзыв',
  11: 'Консультация',
  12: 'Предложение по доработке',
};
export const requestKindIds: readonly RequestKind[] = Object.values(RequestKind);
export const isRequestKind = (id: unknown): id is RequestKind =>
  typeof id === 'number' && (requestKindIds as readonly number[]).includes(id);

/** The list shows an unknown kind as 'Неизвестный тип'. */
export const kindTitle = (id: number | null | undefined): string =>
  isRequestKind(id) ? requestKindTitles[id] : 'Неизвестный тип';

export const softwareKinds: readonly RequestKind[] = [RequestKind.COMMON_SOFTWARE, RequestKind.SPECIAL_SOFTWARE];
export const canceledKinds: readonly RequestKind[] = [RequestKind.MISTAKE, RequestKind.REVOKE];

// ---------------------------------------------------------------------------------------------
// Performer kinds, contact kinds

export const PerformerKind = { SENIOR: 'SENIOR', FILIAL: 'FILIAL' } as const;
export type PerformerKind = (typeof PerformerKind)[keyof typeof PerformerKind];
export const performerKindTitles: Readonly<Record<PerformerKind, string>> = {
  SENIOR: 'ГЛ (головной исполнитель)',
  FILIAL: 'Филиал',
};

export const ContactKind = { FROM_IAC: 1, STRANGER: 2 } as const;
export type ContactKind = (typeof ContactKind)[keyof typeof ContactKind];
export const contactKindTitles: Readonly<Record<ContactKind, string>> = {
  1: 'Пользователь системы',
  2: 'Незарегистрированный пользователь',
};

// ---------------------------------------------------------------------------------------------
// Repair: warranty kinds, repair types, repair results, inspections

/** repair_kind_id: warranty type of the repaired tool (ids in the order of the spec's list). */
export const WarrantyKind = { GUARANTY: 1, NOT_GUARANTY: 2, GUARANTY_BUT_NOT: 3 } as const;
export type WarrantyKind = (typeof WarrantyKind)[keyof typeof WarrantyKind];
export const warrantyKindTitles: Readonly<Record<WarrantyKind, string>> = {
  1: 'Гарантийный',
  2: 'Негарантийный',
  3: 'Гарантийный, но не гарантийный случай',
};

export const RepairType = {
  GUARANTY: 1,
  SERVICE_CONTRACT: 2,
  SERVICE_MONEY: 3,
  FILIAL_MONEY: 4,
  FILIAL_SPARE: 5,
  FILIAL_HAND: 6,
  SERVICE_MONEY_PBS: 7,
  FILIAL_SPARE_PBS: 8,
} as const;
export type RepairType = (typeof RepairType)[keyof typeof RepairType];
export const repairTypeTitles: Readonly<Record<RepairType, string>> = {
  1: 'Гарантийный ремонт',
  2: 'По сервисному контракту',
  3: 'Сервисный центр за средства филиала',
  4: 'За средства филиала',
  5: 'ЗИП филиала',
  6: 'Силами филиала',
  7: 'Сервисный центр за средства ПБС',
  8: 'ЗИП ПБС',
};
/** Repair types that need a service centre ('Нужно выбрать'). */
export const serviceCentreRepairTypes: readonly RepairType[] = [
  RepairType.SERVICE_CONTRACT,
  RepairType.SERVICE_MONEY,
  RepairType.SERVICE_MONEY_PBS,
];

export const RepairResult = { FULL: 1, PART: 2, NONE: 3 } as const;
export type RepairResult = (typeof RepairResult)[keyof typeof RepairResult];
export const repairResultTitles: Readonly<Record<RepairResult, string>> = {
  1: 'Полностью',
  2: 'Частично',
  3: 'Не отремонтировано',
};

/** view_res_before: the inspection result before repair (values are ours). */
export const InspectionBefore = { REPAIR_NEEDED: 1, TO_DISMISS: 2, NO_FAULT: 3 } as const;
export type InspectionBefore = (typeof InspectionBefore)[keyof typeof InspectionBefore];
export const inspectionBeforeTitles: Readonly<Record<InspectionBefore, string>> = {
  1: 'Требуется ремонт',
  2: 'Подлежит списанию',
  3: 'Неисправность не подтверждена',
};

/** view_res_after: the inspection result after repair (values are ours). */
export const InspectionAfter = { WORKING: 1, PARTLY_WORKING: 2, NOT_WORKING: 3 } as const;
export type InspectionAfter = (typeof InspectionAfter)[keyof typeof InspectionAfter];
export const inspectionAfterTitles: Readonly<Record<InspectionAfter, string>> = {
  1: 'Работоспособно',
  2: 'Частично работоспособно',
  3: 'Неработоспособно',
};

// ---------------------------------------------------------------------------------------------
// Results

/** `result`: plain strings as the spec names them. */
export const RequestResult = {
  FULFILLED: 'fulfilled',
  PARTIALLY: 'partially',
  NOT_FULFILLED: 'not fulfilled',
  PASSED_TO_HOT_LINE: 'passed to hot line',
  FULFILLED_BY_HOT_LINE: 'fulfilled by hot line',
} as const;
export type RequestResult = (typeof RequestResult)[keyof typeof RequestResult];
export const requestResultValues = Object.values(RequestResult) as [RequestResult, ...RequestResult[]];
export const requestResultTitles: Readonly<Record<RequestResult, string>> = {
  fulfilled: 'Выполнено',
  partially: 'Выполнено частично',
  'not fulfilled': 'Не выполнено',
  'passed to hot line': 'Передано на ГЛ',
  'fulfilled by hot line': 'Выполнено ГЛ',
};

/** result_type and hotline_result_type. */
export const PerformType = { WITHOUT_VISIT: 1, WITH_VISIT: 2 } as const;
export type PerformType = (typeof PerformType)[keyof typeof PerformType];
export const performTypeTitles: Readonly<Record<PerformType, string>> = {
  1: 'Без выезда',
  2: 'С выездом',
};

/** hotline_result_id (values are ours). */
export const HotlineResult = { FULFILLED: 1, PARTIALLY: 2, NOT_FULFILLED: 3 } as const;
export type HotlineResult = (typeof HotlineResult)[keyof typeof HotlineResult];
export const hotlineResultTitles: Readonly<Record<HotlineResult, string>> = {
  1: 'Выполнено',
  2: 'Выполнено частично',
  3: 'Не выполнено',
};

/** learning_type_id (a field the spec validates but does not name; values are ours). */
export const LearningType = { SOFTWARE: 1, EQUIPMENT: 2, INFORMATION_SECURITY: 3 } as const;
export type LearningType = (typeof LearningType)[keyof typeof LearningType];
export const learningTypeTitles: Readonly<Record<LearningType, string>> = {
  1: 'Работа с программным обеспечением',
  2: 'Работа с оборудованием',
  3: 'Информационная безопасность',
};

/** system_ts_id: systems of the court technical means (support systems). */
export const SupportSystem = {
  VIDEOCONFERENCE: 1,
  AUDIO_VIDEO_PROTOCOL: 2,
  WITNESS_PROTECTION: 3,
  DATA_LINK: 4,
  LOCAL_NETWORK: 5,
} as const;
export type SupportSystem = (typeof SupportSystem)[keyof typeof SupportSystem];
export const supportSystemTitles: Readonly<Record<SupportSystem, string>> = {
  1: 'Видеоконференцсвязь',
  2: 'Аудио- и видеопротоколирование',
  3: 'Защита свидетелей',
  4: 'Канал передачи данных',
  5: 'Локальная вычислительная сеть',
};

// ---------------------------------------------------------------------------------------------
// Acts and documents

export const ActKind = {
  CO_13: 'CO_13',
  CO_3: 'CO_3',
  CO_7: 'CO_7',
  CO_8: 'CO_8',
  CO_41: 'CO_41',
  CO_42: 'CO_42',
  LEARNING: 'LEARNING',
} as const;
export type ActKind = (typeof ActKind)[keyof typeof ActKind];
export const actKindValues = Object.values(ActKind) as [ActKind, ...ActKind[]];
export const actKindTitles: Readonly<Record<ActKind, string>> = {
  CO_13: 'Акт СО-1.3',
  CO_3: 'Акт СО-3',
  CO_7: 'Акт СО-7',
  CO_8: 'Акт СО-8',
  CO_41: 'Акт СО-4.1',
  CO_42: 'Акт СО-4.2',
  LEARNING: 'Акт обучения',
};

export const SignType = { PAPER: 'paper', ELECTRON: 'electron' } as const;
export type SignType = (typeof SignType)[keyof typeof SignType];
export const signTypeTitles: Readonly<Record<SignType, string>> = { paper: 'На бумаге', electron: 'Электронная подпись' };
