import { hasFull } from '../rights';
import { forbidden, refused } from '../shared/errors';
import { actFields, actPrecondition } from './acts';
import type { GenerateAct } from './commands';
import { ev } from './decide-support';
import type { RequestEvent } from './events';
import { editableFields } from './machine';
import type { RequestState } from './state';

export const generateActMessages = {
  noRight: 'Недостаточно прав для формирования акта',
  locked: 'Сформировать акт в этом статусе заявки нельзя',
} as const;

/**
 * Whether an act of this kind can be generated now: the machine must let the actor add documents
 * (the movement tab, PERFORMING) and the act's preconditions hold (requests.md 5). Null: allowed.
 * The client enables its buttons with the same function.
 */
export const generateActRefusal = (state: RequestState, command: Pick<GenerateAct, 'actor' | 'act_kind'>): { kind: 'forbidden' | 'refused'; message: string } | null => {
  if (!hasFull(command.actor.rights, 'RIGHT_REQUEST_EDIT')) return { kind: 'forbidden', message: generateActMessages.noRight };
  const broken = actPrecondition(state, command.act_kind);
  if (broken) return { kind: 'refused', message: broken };
  if (!editableFields(state, command.actor).has('documents_add')) return { kind: 'refused', message: generateActMessages.locked };
  return null;
};

/** The act is attached and fills its number and date fields (a field change of the same decision). */
export const decideGenerateAct = (state: RequestState, command: GenerateAct): RequestEvent[] => {
  const refusal = generateActRefusal(state, command);
  if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : refused(refusal.message);
  const events: RequestEvent[] = [
    ev('RequestActGenerated', {
      document: command.document,
      act_kind: command.act_kind,
      number: command.number,
      date: command.date,
      template: command.template,
      data: command.data,
    }),
  ];
  const fields = actFields[command.act_kind];
  if (fields) {
    const [numberField, dateField] = fields;
    const changes = [
      { field: numberField, old: state[numberField], new: command.number },
      { field: dateField, old: state[dateField], new: command.date },
    ].filter((c) => c.old !== c.new);
    if (changes.length) events.push(ev('RequestFieldsChanged', { changes }));
  }
  return events;
};
