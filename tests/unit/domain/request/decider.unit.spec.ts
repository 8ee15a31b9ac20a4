import { describe, expect, it } from 'vitest';
import {
  ActKind,
  PerformerKind,
  RequestKind,
  RequestStatus,
  WarrantyKind,
  availableActions,
  formatFieldValue,
  kindTitle,
  personalDataFields,
  requestDecider,
  requestEventTypes,
  requestFieldNames,
  requestFieldTitles,
  requestStreamId,
  statusTitle,
  type RequestCommand,
  type RequestEvent,
  type SubmittedRequest,
} from '../../../../domain/request';
import { DomainError } from '../../../../domain/shared/errors';
import { canRegisterOnHotLine } from '../../../../domain/request/rules';
import { allRights } from '../../../../domain/rights/rights';
import { given } from '../../../support/given-when-then';
import { requestHistory } from '../../../support/request-histories';
import {
  NOW,
  R,
  actor,
  baseFields,
  button,
  ctx,
  doc,
  editor,
  engineer,
  file,
  hotliner,
  manager,
  nobody,
  plantedRequest,
  registered,
  save,
  stateOf,
} from './fixtures';

const S = RequestStatus;
const creator = actor({ ...R.create }, 6);
const submitted = (over: SubmittedRequest = {}): SubmittedRequest => {
  const { id: _id, number: _n, request_date_add: _d, request_status_id: _s, ...fields } = baseFields();
  return { ...fields, ...over };
};
const register = (over: SubmittedRequest = {}, extra: Partial<Extract<RequestCommand, { type: 'RegisterRequest' }>> = {}): RequestCommand => ({
  type: 'RegisterRequest',
  actor: creator,
  id: 1,
  number: 101,
  request: submitted(over),
  ...extra,
});

describe('registration', () => {
  it('registers a branch request waiting for an engineer, stamped with the command time', () => {
    given(requestDecider, [])
      // The creator with the approval right (request-edit): only it assigns executors on registration (decisions 33–40).
      .when(register({}, { engineer_ids: [2, 2, 3], attachments: [file('f1')], actor: actor({ ...R.create, ...R.edit }, 6) }), ctx())
      .then([
        {
          type: 'RequestRegistered',
          data: {
            request: baseFields({ request_date_add: NOW, request_status_id: S.WAITING_ENGINEER }),
            engineers: [2, 3],
            works: [],
            spares_pbs: [],
            tools_commissioning: [],
            students_list: [],
            attachments: [file('f1')],
            registered_by: 6,
          },
        },
      ]);
  });

  it('a senior (hot line) request starts waiting for the hot line', () => {
    given(requestDecider, [])
      .when(register({ request_performer_kind: PerformerKind.SENIOR }), ctx())
      .then((events) => expect(events[0]).toMatchObject({ data: { request: { request_status_id: S.HOT_LINE_WAITING } } }));
  });

  it('a request registered as a mistake is canceled at once, without engineers', () => {
    given(requestDecider, [])
      .when(register({ request_kind_id: RequestKind.MISTAKE, program_id: null }, { engineer_ids: [2] }), ctx())
      .then((events) => expect(events[0]).toMatchObject({ data: { request: { request_status_id: S.CANCELED }, engineers: [] } }));
  });

  it('ignores a submitted status and applies the field reactions', () => {
    given(requestDecider, [])
      .when(
        register(
          { request_status_id: S.CLOSED, request_kind_id: RequestKind.REPAIR_HARD, program_id: null, tool_id: 8 },
          { lookups: { tool: { id: 8, guaranty_dt: '2027-01-01' } } },
        ),
        ctx(),
      )
      .then((events) =>
        expect(events[0]).toMatchObject({ data: { request: { request_status_id: S.WAITING_ENGINEER, repair_kind_id: WarrantyKind.GUARANTY } } }),
      );
  });

  it('needs the create right', () => {
    given(requestDecider, []).when(register({}), ctx()).then((e) => expect(e).toHaveLength(1));
    given(requestDecider, [])
      .when({ ...(register({}) as Extract<RequestCommand, { type: 'RegisterRequest' }>), actor: nobody }, ctx())
      .thenThrows('Недостаточно прав для создания заявки', 'forbidden');
  });

  it('invalid input throws invalid with field errors and appends nothing', () => {
    let error: unknown;
    try {
      requestDecider.decide(stateOf([]), register({ request_text: 'abc', unit_id: null }), ctx());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    const de = error as DomainError;
    expect(de.kind).toBe('invalid');
    expect(de.message).toBe('Нужно выбрать');
    expect(de.fieldErrors).toEqual({ unit_id: 'Нужно выбрать', request_text: 'Введите описание' });
  });

  it('too many attachments are refused', () => {
    given(requestDecider, [])
      .when(register({}, { attachments: Array.from({ length: 6 }, (_, i) => file(`f${i}`)) }), ctx())
      .thenThrows('Не более 5 файлов', 'invalid');
    given(requestDecider, [])
      .when(register({}, { attachments: [file('f', 'setup.exe')] }), ctx())
      .thenThrows('Неподдерживаемый тип файла', 'invalid');
  });

  it('movement fields cannot be filled on creation', () => {
    given(requestDecider, [])
      .when(register({ note: 'Сразу выполнено' }), ctx())
      .thenThrows('Поле «Выполненные работы» нельзя заполнить при создании заявки', 'refused');
  });

  it('a registered stream refuses a second registration', () => {
    given(requestDecider, [registered()]).when(register({}), ctx()).thenThrows('Заявка уже зарегистрирована', 'refused');
  });
});

describe('saves', () => {
  it('an invalid change is refused with field errors and no events', () => {
    given(requestDecider, [registered()])
      .when(save(editor, { request_text: 'abc' }), ctx())
      .thenThrows('Введите описание', 'invalid');
  });

  it('an old flaw in a field nobody may change now does not block a save of what may change', () => {
    // Data of the old system: a result without the note every save now requires.
    const oldData = 'the old system kept results without a note; every save of a result now requires one, so no command leaves it so';
    const flawed = plantedRequest(oldData, { request_status_id: S.PERFORMED, result: 'fulfilled', note: null });
    given(requestDecider, [flawed])
      .when(save(actor(R.hotlineNumber), { hotlinegas_number: '15' }), ctx())
      .then([{ type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotlinegas_number', old: null, new: '15' }] } }]);
    given(requestDecider, [plantedRequest(oldData, { request_status_id: S.PERFORMING, result: 'fulfilled', note: null })])
      .when(save(editor, { result_type: 1 }), ctx())
      .thenThrows('Необходимо заполнить', 'invalid');
  });

  it('a new act must meet its preconditions', () => {
    // Performing with its result saved, not yet on the hot line.
    given(requestDecider, requestHistory({ request: baseFields(), stage: 'performing', result: { result: 'fulfilled', note: 'Готово' } }))
      .when(save(editor, {}, { documents_added: [doc(ActKind.CO_3)] }), ctx())
      .thenThrows(
        'Создание акта невозможно, заполните поле Номер на ГЛ: заявка должна быть зарегистрирована на горячей линии (кнопка «Добавить на ГЛ»)',
        'refused',
      );
  });

  it('too many documents are refused', () => {
    const history: RequestEvent[] = requestHistory({ request: baseFields(), stage: 'performing' });
    for (let i = 0; i < 20; i++) history.push({ type: 'RequestDocumentAttached', data: { document: doc(null, `d${i}`) } });
    given(requestDecider, history)
      .when(save(editor, {}, { documents_added: [doc(null, 'd20')] }), ctx())
      .thenThrows('Не более 20 файлов', 'invalid');
  });
});

describe('number and date', () => {
  const numberer = actor(R.editNumber);
  const change = (number: string | number, is_unique = true, who = numberer): RequestCommand => ({ type: 'ChangeNumber', actor: who, number, is_unique });
  const changeDate = (date: string, is_unique = true, who = numberer): RequestCommand => ({ type: 'ChangeDate', actor: who, date, is_unique });

  it('changes the number', () => {
    given(requestDecider, [registered()]).when(change('205'), ctx()).then([{ type: 'RequestNumberChanged', data: { number: 205, previous: 101 } }]);
    given(requestDecider, [registered()]).when(change(101), ctx()).then([]);
  });

  it('refuses a taken number, a non-integer and a user without the right', () => {
    given(requestDecider, [registered()]).when(change('205', false), ctx()).thenThrows('Заявка с номером 205 уже существует', 'refused');
    given(requestDecider, [registered()]).when(change('20a'), ctx()).thenThrows('Введите целое число', 'invalid');
    given(requestDecider, [registered()])
      .when(change('205', true, editor), ctx())
      .thenThrows('Недостаточно прав для изменения номера и даты заявки', 'forbidden');
  });

  it('changes the date and keeps the time of day', () => {
    given(requestDecider, [registered()])
      .when(changeDate('2026-02-15'), ctx())
      .then([{ type: 'RequestDateChanged', data: { request_date_add: '2026-02-15T08:00:00.000Z', previous: '2026-03-01T08:00:00.000Z' } }]);
  });

  it('refuses a date in the future, a wrong date, and a number taken in that year', () => {
    given(requestDecider, [registered()]).when(changeDate('2026-03-11'), ctx()).thenThrows('Укажите дату не позднее сегодняшней', 'invalid');
    given(requestDecider, [registered()]).when(changeDate('2026-02-31'), ctx()).thenThrows('Неверная дата', 'invalid');
    given(requestDecider, [registered()])
      .when(changeDate('2025-12-31', false), ctx())
      .thenThrows('Заявка с номером 101 за 2025 год уже существует', 'refused');
  });
});

describe('comments', () => {
  const comment = (text: string, files = [] as ReturnType<typeof file>[]): RequestCommand => ({
    type: 'AddComment',
    actor: editor,
    comment: text,
    files,
    notify_user_ids: [2, 3, 2],
  });

  it('adds numbered comments with the author, time, files and users to notify, in any status', () => {
    const first = {
      type: 'RequestCommentAdded',
      data: {
        comment_id: 1,
        request_number: 101,
        comment: 'Когда приедет инженер?',
        files: [file('c1', 'photo.jpg')],
        user_id: 1,
        fio: 'Иванов И. И.',
        date_time_d: NOW,
        notify_user_ids: [2, 3],
      },
    } as const satisfies RequestEvent;
    given(requestDecider, requestHistory({ request: baseFields(), stage: 'closed' }))
      .when(comment('Когда приедет инженер?', [file('c1', 'photo.jpg')]), ctx())
      .then([first]);
    given(requestDecider, [registered(), first])
      .when(comment('Спасибо, ждем'), ctx())
      .then((events) => expect(events[0]).toMatchObject({ data: { comment_id: 2 } }));
  });

  it('refuses short and long comments and oversized files', () => {
    given(requestDecider, [registered()]).when(comment('abcd'), ctx()).thenThrows('Сообщение должно содержать не менее 5 символов', 'invalid');
    given(requestDecider, [registered()]).when(comment('я'.repeat(2000)), ctx()).thenThrows('Не более 2000 символов', 'invalid');
    given(requestDecider, [registered()])
      .when(comment('Фото прилагаю', [file('c1', 'big.png', 10_485_761)]), ctx())
      .thenThrows('Размер файла не может быть более 10 мегабайт', 'invalid');
  });
});

describe('hot line e-mail flags', () => {
  it('marks the registration e-mail once', () => {
    const mark: RequestCommand = { type: 'MarkHotlineEmailSent', which: 'register' };
    given(requestDecider, [registered()])
      .when(mark, ctx())
      .then([{ type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotline_email_register_sent', old: false, new: true }] } }]);
    given(requestDecider, [registered({ hotline_email_register_sent: true })]).when(mark, ctx()).then([]);
  });

  it('a registration mail that finally failed clears the flag, so the request may be registered again', () => {
    const undelivered: RequestCommand = { type: 'MarkHotlineEmailUndelivered', which: 'register' };
    given(requestDecider, [registered({ hotline_email_register_sent: true })])
      .when(undelivered, ctx())
      .then([{ type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotline_email_register_sent', old: true, new: false }] } }]);
    given(requestDecider, [registered()]).when(undelivered, ctx()).then([]);
    const after = stateOf([registered({ hotline_email_register_sent: true }), ...requestDecider.decide(stateOf([registered({ hotline_email_register_sent: true })]), undelivered, ctx())]);
    expect(canRegisterOnHotLine(after, allRights())).toBe(true);
  });
});

describe('deletion', () => {
  const del = (who = manager): RequestCommand => ({ type: 'DeleteRequest', actor: who });

  it('deletes with the delete right', () => {
    given(requestDecider, [registered()]).when(del(), ctx()).then([{ type: 'RequestDeleted', data: { deleted_by: 5 } }]);
    given(requestDecider, [registered()]).when(del(editor), ctx()).thenThrows('Недостаточно прав для удаления заявки', 'forbidden');
  });

  it("every command on a deleted or unknown request is refused with 'Заявка не найдена'", () => {
    const deleted = [registered(), { type: 'RequestDeleted', data: { deleted_by: 5 } } as RequestEvent];
    for (const command of [save(editor, { request_text: 'Новое описание' }), button('TakeForPerform', engineer), del(), register({})])
      given(requestDecider, deleted).when(command, ctx()).thenThrows('Заявка не найдена', 'not_found');
    given(requestDecider, []).when(save(editor), ctx()).thenThrows('Заявка не найдена', 'not_found');
  });
});

describe('available actions', () => {
  it('lists what the machine accepts for the actor', () => {
    const waiting = stateOf([registered({}, { engineers: [3] })]);
    expect([...availableActions(waiting, engineer, NOW)].sort()).toEqual(['assign', 'recall', 'save', 'take']);
    expect([...availableActions(waiting, nobody, NOW)]).toEqual([]);
    const hotline = stateOf(requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performing' }));
    expect([...availableActions(hotline, hotliner, NOW)].sort()).toEqual(['recall', 'save']);
    expect([...availableActions(hotline, manager, NOW)].sort()).toEqual(['assign', 'hotline-fulfil', 'hotline-reexecute', 'recall', 'save']);
  });

  it('nothing for a deleted or unregistered request', () => {
    expect(availableActions(stateOf([]), editor, NOW).size).toBe(0);
    expect(availableActions(stateOf([registered(), { type: 'RequestDeleted', data: { deleted_by: 5 } }]), editor, NOW).size).toBe(0);
  });
});

describe('titles and history', () => {
  it('statuses and kinds have Russian titles with the spec fallbacks', () => {
    expect(statusTitle(S.PERFORMED)).toBe('Выполнена');
    expect(statusTitle(5)).toBe('!!! Неизвестный статус (5) !!!');
    expect(statusTitle(null)).toBe('!!! Неизвестный статус (null) !!!');
    expect(kindTitle(RequestKind.REPAIR_HARD)).toBe('Ремонт оборудования');
    expect(kindTitle(6)).toBe('Неизвестный тип');
  });

  it('every request field has a Russian title', () => {
    for (const f of requestFieldNames) expect(requestFieldTitles[f], f).toMatch(/[А-Яа-я]/);
  });

  it('formats enum values, booleans and dates for the history tab; ids stay for the projection', () => {
    expect(formatFieldValue('request_status_id', 11)).toBe('Выполнена ГЛ');
    expect(formatFieldValue('request_kind_id', 99)).toBe('Неизвестный тип');
    expect(formatFieldValue('result', 'passed to hot line')).toBe('Передано на ГЛ');
    expect(formatFieldValue('repair_kind_id', WarrantyKind.GUARANTY_BUT_NOT)).toBe('Гарантийный, но не гарантийный случай');
    expect(formatFieldValue('repair_type_id', 5)).toBe('ЗИП филиала');
    expect(formatFieldValue('request_performer_kind', 'SENIOR')).toBe('ГЛ (головной исполнитель)');
    expect(formatFieldValue('troubles_display', true)).toBe('Да');
    expect(formatFieldValue('result_d', '2026-03-10')).toBe('10.03.2026');
    expect(formatFieldValue('request_date_add', '2026-03-01T08:00:00.000Z')).toBe('01.03.2026');
    expect(formatFieldValue('unit_id', 10)).toBe('10');
    expect(formatFieldValue('note', null)).toBe('');
  });

  it('personal data paths are declared for every event type; the stream id is request-{id}', () => {
    expect(Object.keys(personalDataFields).sort()).toEqual([...requestEventTypes].sort());
    expect(personalDataFields.RequestRegistered).toContain('request.contact_unknown_email');
    expect(requestStreamId(42)).toBe('request-42');
  });
});
