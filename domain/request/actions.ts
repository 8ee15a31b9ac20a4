/**
 * The buttons of the request dialog and the commands they send (requests.md 4.2). Kept apart from
 * the machine so the client can use the names without bundling XState.
 */
export const requestActionNames = [
  'take',
  'complete',
  'reexecute',
  'cancel-execution',
  'hotline-take',
  'hotline-fulfil',
  'hotline-reexecute',
  'hotline-cancel-execution',
  'recall',
  'assign',
  'save',
] as const;
export type RequestActionName = (typeof requestActionNames)[number];

export const requestActionTitles: Readonly<Record<RequestActionName | 'register', string>> = {
  take: 'Принять к исполнению',
  complete: 'Заявка выполнена',
  reexecute: 'На повторное исполнение',
  'cancel-execution': 'Отменить исполнение',
  'hotline-take': 'Принять к исполнению (ГЛ)',
  'hotline-fulfil': 'Исполнено ГЛ',
  'hotline-reexecute': 'На повторное исполнение (ГЛ)',
  'hotline-cancel-execution': 'Отменить исполнение (ГЛ)',
  recall: 'Отозвать заявку',
  assign: 'Назначить исполнителей',
  save: 'Сохранить',
  register: 'Создать',
};

/** A button that is a command of its own (POST /api/request/{id}/{action}) and that command's type. */
export const buttonCommands = {
  take: 'TakeForPerform',
  complete: 'Complete',
  reexecute: 'Reexecute',
  'cancel-execution': 'CancelExecution',
  'hotline-take': 'HotlineTake',
  'hotline-fulfil': 'HotlineFulfil',
  'hotline-reexecute': 'HotlineReexecute',
  'hotline-cancel-execution': 'HotlineCancelExecution',
  recall: 'Recall',
} as const satisfies Record<Exclude<RequestActionName, 'save' | 'assign'>, string>;

export type ButtonAction = keyof typeof buttonCommands;
export type ButtonCommandType = (typeof buttonCommands)[ButtonAction];

export const isButtonAction = (a: string): a is ButtonAction => Object.hasOwn(buttonCommands, a);

/** The button a command type stands for. */
export const buttonOfCommand = Object.fromEntries(
  Object.entries(buttonCommands).map(([action, command]) => [command, action]),
) as Record<ButtonCommandType, ButtonAction>;
