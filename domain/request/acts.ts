import { ActKind, actKindTitles, kindTitle, RequestStatus, type RequestKind } from './enums';
import { actsOfKind } from './lifecycle';
import { hasDocumentOf, hasHotlineNumber } from './rules';
import type { RequestData, RequestField } from './state';

/** The number and date fields an act fills (the learning act has none). */
export const actFields: Readonly<Record<ActKind, readonly [RequestField, RequestField] | null>> = {
  CO_13: ['co_13_number', 'co_13_d'],
  CO_3: ['co_3_number', 'co_3_d'],
  CO_7: ['co_7_number', 'co_7_d'],
  CO_8: ['co_8_number', 'co_8_d'],
  CO_41: ['co_41_number', 'co_41_d'],
  CO_42: ['co_42_number', 'co_42_d'],
  LEARNING: null,
};

const HOT_LINE_REASON = 'заполните поле Номер на ГЛ: заявка должна быть зарегистрирована на горячей линии (кнопка «Добавить на ГЛ»)';

/** Whether a request of this kind may carry the act (requests.md 4.2: `actsOfKind`). */
export const actAllowedForKind = (kind: number | null | undefined, actKind: ActKind): boolean =>
  kind != null && (actsOfKind[kind as RequestKind] ?? []).includes(actKind);

export const actMessages = {
  wrongKind: (actKind: ActKind, kind: number | null | undefined) =>
    `${actKindTitles[actKind]} не формируется для заявки вида «${kind == null ? 'не указан' : kindTitle(kind)}»`,
  alreadyExists: 'Акт уже сформирован. Перейдите в раздел Документы',
  noHotlineNumber: `Создание акта невозможно, ${HOT_LINE_REASON}`,
  closeNoHotlineNumber: `Закрытие заявки невозможно, ${HOT_LINE_REASON}`,
  notPerforming: 'Сформировать акт можно только для заявки в статусе «Исполняется»',
  resultAndNote: 'Для формирования акта укажите результат и выполненные работы (не менее 4 символов)',
  inspectionBefore: 'Для формирования акта укажите результат осмотра до ремонта',
  inspectionAfter: 'Для формирования акта укажите результат осмотра после ремонта и комментарий (не менее 4 символов)',
  noTools: 'Для формирования акта добавьте оборудование',
  toolLines: 'Для формирования акта укажите место установки и инструктируемое лицо для каждого оборудования',
  result: 'Для формирования акта укажите результат',
  year: 'Для формирования акта укажите год выпуска',
  date: 'Для формирования акта укажите дату исполнения',
  works: 'Для формирования акта укажите выполненные работы',
} as const;

/** The note for acts has at least 4 characters (section 9). */
export const ACT_NOTE_MIN = 4;

const filled = (s: string | null | undefined, min = 1) => (s ?? '').trim().length >= min;

/** Acts that need the hot line (registry) number. */
const needsHotlineNumber: readonly ActKind[] = [ActKind.CO_13, ActKind.CO_3, ActKind.CO_7, ActKind.CO_8, ActKind.CO_41, ActKind.CO_42];

/**
 * Why the act cannot be created now, or null when it can (requests.md 'Acts'). Checks in the
 * order a user fixes them: an existing act, the status and fields enabling the button, the
 * act's own data, then the hot line number.
 */
export const actPrecondition = (state: RequestData, actKind: ActKind): string | null => {
  // Only the acts of the request's kind (requests.md 4.2).
  if (!actAllowedForKind(state.request_kind_id, actKind)) return actMessages.wrongKind(actKind, state.request_kind_id);
  if (hasDocumentOf(state, actKind)) return actMessages.alreadyExists;
  if (state.request_status_id !== RequestStatus.PERFORMING) return actMessages.notPerforming;
  switch (actKind) {
    case ActKind.CO_3:
    case ActKind.LEARNING:
      if (state.result == null || !filled(state.note, ACT_NOTE_MIN)) return actMessages.resultAndNote;
      break;
    case ActKind.CO_7:
    case ActKind.CO_41:
    case ActKind.CO_42:
      if (state.view_res_before == null) return actMessages.inspectionBefore;
      break;
    case ActKind.CO_8:
      if (state.view_res_after == null || !filled(state.comment_after, ACT_NOTE_MIN)) return actMessages.inspectionAfter;
      break;
    case ActKind.CO_13:
      if (state.tools_commissioning.length === 0) return actMessages.noTools;
      if (state.tools_commissioning.some((t) => !filled(t.settling_place) || !filled(t.instructed_person)))
        return actMessages.toolLines;
      if (state.result == null) return actMessages.result;
      if (state.commissioning_year == null) return actMessages.year;
      if (state.result_d == null) return actMessages.date;
      if (!filled(state.fulfielled_works)) return actMessages.works;
      break;
  }
  if (needsHotlineNumber.includes(actKind) && !hasHotlineNumber(state)) return actMessages.noHotlineNumber;
  return null;
};

// ---------------------------------------------------------------------------------------------
// Numbers and file names of generated acts (section 9)

const actNumberPrefix: Readonly<Record<Exclude<ActKind, 'LEARNING'>, string>> = {
  CO_13: '',
  CO_3: 'ВР-',
  CO_7: 'ТС-',
  CO_8: 'СР-',
  CO_41: 'СЦВ-',
  CO_42: 'СЦИ-',
};
const actFileCode: Readonly<Record<Exclude<ActKind, 'LEARNING'>, string>> = {
  CO_13: 'CO1.3',
  CO_3: 'CO3',
  CO_7: 'CO7',
  CO_8: 'CO8',
  CO_41: 'CO4.1',
  CO_42: 'CO4.2',
};

/** The act number, e.g. СО-3 'ВР-{vncode}-{number}/{year}', СО-1.3 '{vncode}-{number}/{year}'. */
export const actNumber = (kind: Exclude<ActKind, 'LEARNING'>, vncode: string, number: number, year: number): string =>
  `${actNumberPrefix[kind]}${vncode}-${number}/${year}`;

/** The act file name: '{vncode}_actCO3_{number}_{year}.docx'; learning 'act_learning_{date}_{number}.docx'. */
export const actFileName = (
  kind: ActKind,
  args: { vncode: string; number: number; year: number; date?: string; request?: number | null },
): string => {
  // The request's number makes the name unique per request (acts of two buildings may share a number and a day).
  const of = args.request != null ? `_req${args.request}` : '';
  return kind === ActKind.LEARNING
    ? `act_learning_${args.date ?? ''}_${args.number}${of}.docx`
    : `${args.vncode}_act${actFileCode[kind]}_${args.number}_${args.year}${of}.docx`;
};

/** A description taken from commissioning is cut to 1900 characters plus '...' when over 1999. */
export const actDescription = (text: string): string => (text.length > 1999 ? `${text.slice(0, 1900)}...` : text);
