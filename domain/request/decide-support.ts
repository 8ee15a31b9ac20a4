import { forbidden, refused } from '../shared/errors';
import { statusTitle } from './enums';
import type { RequestEvent, RequestEventOf } from './events';
import { editableItemTitle } from './history';
import { evaluateRequestCommand, type RequestMachineEvent } from './machine';
import type { EditableItem } from './rules';
import type { RequestState } from './state';

/* What the request's decisions share: their messages, the event constructor, asking the machine. */

export const decisionMessages = {
  notFound: 'Заявка не найдена',
  noRightsForField: (item: EditableItem) => `Недостаточно прав для изменения поля «${editableItemTitle(item)}»`,
  fieldLocked: (item: EditableItem, status: number) =>
    `Поле «${editableItemTitle(item)}» нельзя изменить в статусе «${statusTitle(status)}»`,
  fieldNotOnCreate: (item: EditableItem) => `Поле «${editableItemTitle(item)}» нельзя заполнить при создании заявки`,
  noNumberRight: 'Недостаточно прав для изменения номера и даты заявки',
  numberTaken: (n: number) => `Заявка с номером ${n} уже существует`,
  numberTakenInYear: (n: number | null, year: number) => `Заявка с номером ${n ?? ''} за ${year} год уже существует`,
  noDeleteRight: 'Недостаточно прав для удаления заявки',
} as const;

/** An event of the request stream. */
export const ev = <T extends RequestEvent['type']>(type: T, data: RequestEventOf<T>['data']): RequestEvent =>
  ({ type, data }) as RequestEvent;

export const uniq = (ids: readonly number[]) => [...new Set(ids)];

export const throwRefusal = (refusal: { kind: 'refused' | 'forbidden'; message: string }): never => {
  throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : refused(refusal.message);
};

/** Asks the machine; a refusal throws. */
export const ask = (state: RequestState, event: RequestMachineEvent) => {
  const evaluation = evaluateRequestCommand(state, event);
  if (evaluation.refusal) throwRefusal(evaluation.refusal);
  return evaluation;
};
