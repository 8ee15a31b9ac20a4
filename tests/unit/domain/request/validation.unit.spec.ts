import { describe, expect, it } from 'vitest';
import {
  requestKindsWithAct,
  ActKind,
  ContactKind,
  InspectionBefore,
  RepairType,
  RequestKind,
  RequestStatus,
  WarrantyKind,
  actPrecondition,
  commentSchema,
  dataOf,
  emptyRequestData,
  fieldErrorsOf,
  groupRequestSchema,
  isoDate,
  requestNumberSchema,
  requestSchema,
  ruDate,
  ruErrorMap,
  validateFiles,
  type RequestData,
  type RequestFields,
  type RequestValidationContext,
} from '../../../../domain/request';
import { CREATED, NOW, baseFields, doc, registered, stateOf } from './fixtures';

const S = RequestStatus;
const data = (over: Partial<RequestData> = {}): RequestData => ({ ...dataOf(stateOf([registered()])), ...over });
const context = (over: Partial<RequestValidationContext> = {}): RequestValidationContext => ({
  now: NOW,
  createdAt: CREATED,
  status: S.WAITING_ENGINEER,
  ...over,
});
const errors = (over: Partial<RequestData> = {}, ctxOver: Partial<RequestValidationContext> = {}): Record<string, string> => {
  const r = requestSchema(context(ctxOver)).safeParse(data(over), { errorMap: ruErrorMap });
  return r.success ? {} : fieldErrorsOf(r.error);
};
const repair = (over: Partial<RequestFields> = {}): Partial<RequestData> => ({
  request_kind_id: RequestKind.REPAIR_HARD,
  program_id: null,
  ...over,
});

describe('validation of the request (requests.md section 5)', () => {
  it('a complete request is valid', () => {
    expect(errors()).toEqual({});
  });

  describe('common tab', () => {
    it("region and object: 'Нужно выбрать'", () => {
      expect(errors({ region_id: null, unit_id: null })).toEqual({ region_id: 'Нужно выбрать', unit_id: 'Нужно выбрать' });
    });

    it('contact kind is required', () => {
      expect(errors({ contact_kind: null })).toEqual({ contact_kind: 'Укажите вид контакта' });
    });

    it("an unregistered contact needs a correct e-mail: 'Укажите корректный email'", () => {
      const stranger = { contact_kind: ContactKind.STRANGER, contact_id: null, contact_unknown_name: 'Петров' };
      expect(errors({ ...stranger, contact_unknown_email: 'petrov@' })).toEqual({ contact_unknown_email: 'Укажите корректный email' });
      expect(errors({ ...stranger, contact_unknown_email: null })).toEqual({ contact_unknown_email: 'Укажите корректный email' });
      expect(errors({ ...stranger, contact_unknown_email: 'petrov@sud.ru' })).toEqual({});
    });

    it("a registered contact: 'Укажите контактное лицо'", () => {
      expect(errors({ contact_id: null })).toEqual({ contact_id: 'Укажите контактное лицо' });
    });

    it("request type: 'Укажите тип заявки'", () => {
      expect(errors({ request_kind_id: null })).toEqual({ request_kind_id: 'Укажите тип заявки' });
    });

    it("software kinds need a program: 'Укажите программное обеспечение'", () => {
      for (const kind of [RequestKind.COMMON_SOFTWARE, RequestKind.SPECIAL_SOFTWARE])
        expect(errors({ request_kind_id: kind, program_id: null })).toEqual({ program_id: 'Укажите программное обеспечение' });
      expect(errors({ request_kind_id: RequestKind.CONSULTATION, program_id: null })).toEqual({});
    });

    it("description: 'Введите описание' when empty or under 5 characters, at most 2000", () => {
      expect(errors({ request_text: '' })).toEqual({ request_text: 'Введите описание' });
      expect(errors({ request_text: '  abcd  ' })).toEqual({ request_text: 'Введите описание' });
      expect(errors({ request_text: 'abcde' })).toEqual({});
      expect(errors({ request_text: 'я'.repeat(2000) })).toEqual({});
      expect(errors({ request_text: 'я'.repeat(2001) })).toEqual({ request_text: 'Не более 2000 символов' });
    });

    it('court document date: empty allowed, future not allowed', () => {
      expect(errors({ date_out_d: null })).toEqual({});
      expect(errors({ date_out_d: '2026-03-10' })).toEqual({});
      expect(errors({ date_out_d: '2026-03-11' })).toEqual({ date_out_d: 'Укажите дату не позднее сегодняшней' });
      expect(errors({ date_out_d: '2026-02-30' })).toEqual({ date_out_d: 'Неверная дата' });
    });

    it("a tool is required for common software and hard repair past waiting statuses: 'Укажите оборудование'", () => {
      for (const status of [S.UNDEFINED, S.WAITING_ASSIGNMENT, S.WAITING_ENGINEER]) expect(errors({ tool_id: null }, { status })).toEqual({});
      expect(errors({ tool_id: null }, { status: S.PERFORMING })).toEqual({ tool_id: 'Укажите оборудование' });
      expect(errors({ ...repair(), tool_id: null }, { status: S.PERFORMED })).toEqual({ tool_id: 'Укажите оборудование' });
      expect(errors({ request_kind_id: RequestKind.SPECIAL_SOFTWARE, tool_id: null }, { status: S.PERFORMING })).toEqual({});
    });

    it("learning needs its type: 'Укажите вид обучения'", () => {
      expect(errors({ request_kind_id: RequestKind.LEARNING })).toEqual({ learning_type_id: 'Укажите вид обучения' });
      expect(errors({ request_kind_id: RequestKind.LEARNING, learning_type_id: 1 })).toEqual({});
    });

    it("with a result the comment ('Выполненные работы') needs more than 3 characters: 'Необходимо заполнить'", () => {
      expect(errors({ result: 'fulfilled', note: 'abc' })).toEqual({ note: 'Необходимо заполнить' });
      expect(errors({ result: 'fulfilled', note: null })).toEqual({ note: 'Необходимо заполнить' });
      expect(errors({ result: 'fulfilled', note: 'abcd' })).toEqual({});
      expect(errors({ result: null, note: null })).toEqual({});
    });

    it('the result date is not before the creation date (not for repair)', () => {
      expect(errors({ result_d: '2026-02-28' })).toEqual({ result_d: 'Дата должна быть больше или равна 01.03.2026' });
      expect(errors({ result_d: '2026-03-01' })).toEqual({});
      expect(errors({ ...repair(), result_d: '2026-02-28' })).toEqual({});
    });

    it('type mismatches get a Russian message', () => {
      const r = requestSchema(context()).safeParse({ ...data(), unit_id: 'десять' }, { errorMap: ruErrorMap });
      expect(r.success).toBe(false);
      if (!r.success) expect(fieldErrorsOf(r.error)).toEqual({ unit_id: 'Неверное значение' });
    });
  });

  describe('repair section', () => {
    it('the repair type must match the warranty kind', () => {
      const message = 'Неверно указан вид ремонта! Тип гарантийности оборудования не соответствует виду гарантийности ремонта.';
      expect(errors(repair({ repair_type_id: RepairType.GUARANTY, repair_kind_id: WarrantyKind.NOT_GUARANTY }))).toEqual({
        repair_type_id: message,
      });
      expect(errors(repair({ repair_type_id: RepairType.GUARANTY, repair_kind_id: WarrantyKind.GUARANTY_BUT_NOT }))).toEqual({
        repair_type_id: message,
      });
      expect(errors(repair({ repair_type_id: RepairType.FILIAL_SPARE, repair_kind_id: WarrantyKind.GUARANTY }))).toEqual({
        repair_type_id: message,
      });
      expect(errors(repair({ repair_type_id: RepairType.GUARANTY, repair_kind_id: WarrantyKind.GUARANTY }))).toEqual({});
      expect(errors(repair({ repair_type_id: RepairType.FILIAL_HAND, repair_kind_id: WarrantyKind.GUARANTY_BUT_NOT }))).toEqual({});
    });

    it('arrival and transfer dates are not in the future', () => {
      expect(errors(repair({ tool_in_d: '2026-03-11' }))).toEqual({ tool_in_d: 'Укажите дату не позднее сегодняшней' });
      expect(errors(repair({ tool_in_d: '2026-03-02', date_pass_d: '2026-03-11' }))).toEqual({
        date_pass_d: 'Укажите дату не позднее сегодняшней',
      });
    });

    it('the transfer date is not before the creation date and needs the arrival date', () => {
      expect(errors(repair({ tool_in_d: '2026-02-20', date_pass_d: '2026-02-28' }))).toEqual({
        date_pass_d: 'Не может быть меньше даты создания заявки',
      });
      expect(errors(repair({ date_pass_d: '2026-03-05' }))).toEqual({ tool_in_d: 'Нужно указать' });
    });

    it('return not before transfer, departure not before (and not without) arrival', () => {
      expect(errors(repair({ tool_in_d: '2026-03-02', date_pass_d: '2026-03-05', date_return_d: '2026-03-04' }))).toEqual({
        date_return_d: 'Не может быть меньше даты передачи в СЦ',
      });
      expect(errors(repair({ tool_in_d: '2026-03-05', tool_out_d: '2026-03-04' }))).toEqual({
        tool_out_d: 'Не может быть меньше даты поступления',
      });
      expect(errors(repair({ tool_out_d: '2026-03-04' }))).toEqual({ tool_out_d: 'Сначала укажите дату поступления' });
      expect(errors(repair({ tool_in_d: '2026-03-02', date_pass_d: '2026-03-05', date_return_d: '2026-03-06', tool_out_d: '2026-03-07' }))).toEqual({});
    });

    it('the repair date: not before the request date, not in the future, not before arrival', () => {
      expect(errors(repair({ date_repair_d: '2026-02-27' }))).toEqual({ date_repair_d: 'Не может быть меньше даты заявки' });
      expect(errors(repair({ date_repair_d: '2026-03-11' }))).toEqual({ date_repair_d: 'Дата в будущем' });
      expect(errors(repair({ tool_in_d: '2026-03-05', date_repair_d: '2026-03-04' }))).toEqual({ date_repair_d: 'Ошибка в дате' });
      expect(errors(repair({ tool_in_d: '2026-03-05', date_repair_d: '2026-03-06' }))).toEqual({});
    });

    it("service-contract and service-money types need a service centre: 'Нужно выбрать'", () => {
      for (const t of [RepairType.SERVICE_CONTRACT, RepairType.SERVICE_MONEY, RepairType.SERVICE_MONEY_PBS])
        expect(errors(repair({ repair_type_id: t, repair_kind_id: WarrantyKind.NOT_GUARANTY }))).toEqual({ service_repair_id: 'Нужно выбрать' });
      expect(errors(repair({ repair_type_id: RepairType.SERVICE_MONEY, repair_kind_id: WarrantyKind.NOT_GUARANTY, service_repair_id: 3 }))).toEqual({});
      expect(errors(repair({ repair_type_id: RepairType.FILIAL_HAND, repair_kind_id: WarrantyKind.NOT_GUARANTY }))).toEqual({});
    });

    it('costs are not negative; students have names', () => {
      expect(errors({ works: [{ title: 'Пайка', cost: -1 }] })).toEqual({ 'works.0.cost': 'Стоимость не может быть отрицательной' });
      expect(errors({ spares_pbs: [{ title: 'Кабель', cost: -0.01 }] })).toEqual({ 'spares_pbs.0.cost': 'Стоимость не может быть отрицательной' });
      expect(errors({ students_list: [{ name: ' ', post: 'Секретарь' }] })).toEqual({ 'students_list.0.name': 'Укажите ФИО слушателя' });
      expect(errors({ students_list: [{ name: 'Сидорова А. А.', post: 'Секретарь' }] })).toEqual({});
    });

    it('works and spare PBS titles up to 255 characters', () => {
      expect(errors({ works: [{ title: 'я'.repeat(256), cost: 1 }] })).toEqual({ 'works.0.title': 'Описание работы (до 255 символов)' });
      expect(errors({ works: [{ title: 'я'.repeat(255), cost: 1 }] })).toEqual({});
      expect(errors({ spares_pbs: [{ title: '', cost: 1 }, { title: 'я'.repeat(256), cost: 1 }] })).toEqual({
        'spares_pbs.0.title': 'Зип (до 255 символов)',
        'spares_pbs.1.title': 'Зип (до 255 символов)',
      });
    });
  });
});

describe('date inputs', () => {
  it('ruDate reads the mask DD.MM.YYYY and gives an ISO date', () => {
    const parse = (rules: Parameters<typeof ruDate>[0], v: string | null) => {
      const r = ruDate(rules).safeParse(v);
      return r.success ? r.data : r.error.issues[0]?.message;
    };
    expect(parse({ required: true }, '')).toBe('Введите дату');
    expect(parse({ required: true }, '__.__.____')).toBe('Введите дату');
    expect(parse({}, '__.__.____')).toBeNull();
    expect(parse({}, '1.02.2026')).toBe('Введите дату в формате DD.MM.YYYY');
    expect(parse({}, '12.03.26__')).toBe('Введите дату в формате DD.MM.YYYY');
    expect(parse({}, '31.02.2026')).toBe('Неверная дата');
    expect(parse({ notAfter: NOW }, '11.03.2026')).toBe('Укажите дату не позднее сегодняшней');
    expect(parse({ notAfter: NOW }, '10.03.2026')).toBe('2026-03-10');
    expect(parse({ min: '2026-03-05' }, '04.03.2026')).toBe('Дата должна быть больше или равна 05.03.2026');
    expect(parse({ min: '2026-03-05' }, '05.03.2026')).toBe('2026-03-05');
  });

  it('isoDate applies the same rules to API dates', () => {
    const parse = (rules: Parameters<typeof isoDate>[0], v: string | null) => {
      const r = isoDate(rules).safeParse(v);
      return r.success ? r.data : r.error.issues[0]?.message;
    };
    expect(parse({ required: true }, null)).toBe('Введите дату');
    expect(parse({}, null)).toBeNull();
    expect(parse({}, '2026-13-01')).toBe('Неверная дата');
    expect(parse({ notAfter: NOW }, '2026-03-11')).toBe('Укажите дату не позднее сегодняшней');
    expect(parse({ min: '2026-03-05' }, '2026-03-01')).toBe('Дата должна быть больше или равна 05.03.2026');
    expect(parse({}, '2026-03-01')).toBe('2026-03-01');
  });
});

describe('act preconditions', () => {
  // A request's data being performed: actPrecondition is a pure function of the data, not of a history.
  const performing = (over: Partial<RequestFields> = {}, docs: ReturnType<typeof doc>[] = []): RequestData => ({
    ...emptyRequestData(),
    ...baseFields({ request_status_id: S.PERFORMING, hotlinegas_number: 'ГЛ-1', ...over }),
    documents: docs,
  });
  const noNumber = 'Создание акта невозможно, заполните поле Номер на ГЛ: заявка должна быть зарегистрирована на горячей линии (кнопка «Добавить на ГЛ»)';

  it('an existing act is refused', () => {
    expect(actPrecondition(performing({ result: 'fulfilled', note: 'Готово' }, [doc(ActKind.CO_3)]), ActKind.CO_3)).toBe(
      'Акт уже сформирован. Перейдите в раздел Документы',
    );
  });

  it('acts are made only while performing', () => {
    expect(actPrecondition(performing({ request_status_id: S.PERFORMED, result: 'fulfilled', note: 'Готово' }), ActKind.CO_3)).toBe(
      'Сформировать акт можно только для заявки в статусе «Исполняется»',
    );
  });

  it('СО-3 and the learning act need a result and a note of at least 4 characters', () => {
    for (const act of [ActKind.CO_3, ActKind.LEARNING]) {
      // A request of a kind that carries the act (requests.md 4.2); other kinds are refused first.
      const kind = { request_kind_id: requestKindsWithAct(act)[0]! };
      expect(actPrecondition(performing({ ...kind, result: 'fulfilled', note: 'abc' }), act)).toBe(
        'Для формирования акта укажите результат и выполненные работы (не менее 4 символов)',
      );
      expect(actPrecondition(performing({ ...kind, note: 'abcd' }), act)).toBe('Для формирования акта укажите результат и выполненные работы (не менее 4 символов)');
      expect(actPrecondition(performing({ ...kind, result: 'fulfilled', note: 'abcd' }), act)).toBeNull();
    }
  });

  it('СО-7, СО-4.1, СО-4.2 need the inspection before repair', () => {
    for (const act of [ActKind.CO_7, ActKind.CO_41, ActKind.CO_42]) {
      expect(actPrecondition(performing(repairFields()), act)).toBe('Для формирования акта укажите результат осмотра до ремонта');
      expect(actPrecondition(performing(repairFields({ view_res_before: InspectionBefore.TO_DISMISS })), act)).toBeNull();
    }
  });

  it('СО-8 needs the inspection after repair and a comment after of at least 4 characters', () => {
    const message = 'Для формирования акта укажите результат осмотра после ремонта и комментарий (не менее 4 символов)';
    expect(actPrecondition(performing(repairFields({ view_res_after: 1, comment_after: 'abc' })), ActKind.CO_8)).toBe(message);
    expect(actPrecondition(performing(repairFields({ comment_after: 'abcd' })), ActKind.CO_8)).toBe(message);
    expect(actPrecondition(performing(repairFields({ view_res_after: 1, comment_after: 'abcd' })), ActKind.CO_8)).toBeNull();
  });

  it('СО-1.3 needs tools with place and instructed person, result, year, date, works text', () => {
    const tool = { tool_id: 1, settling_place: 'Зал 1', instructed_person: 'Петров П. П.' };
    const ready = {
      request_kind_id: RequestKind.COMMISSIONING,
      result: 'fulfilled' as const,
      commissioning_year: 2025,
      result_d: '2026-03-09',
      fulfielled_works: 'Работы выполнены',
    };
    const check = (over: Partial<RequestFields>, tools = [tool]) =>
      actPrecondition({ ...performing({ ...ready, ...over }), tools_commissioning: tools }, ActKind.CO_13);
    expect(check({}, [])).toBe('Для формирования акта добавьте оборудование');
    expect(check({}, [{ ...tool, instructed_person: ' ' }])).toBe(
      'Для формирования акта укажите место установки и инструктируемое лицо для каждого оборудования',
    );
    expect(check({ result: null })).toBe('Для формирования акта укажите результат');
    expect(check({ commissioning_year: null })).toBe('Для формирования акта укажите год выпуска');
    expect(check({ result_d: null })).toBe('Для формирования акта укажите дату исполнения');
    expect(check({ fulfielled_works: '' })).toBe('Для формирования акта укажите выполненные работы');
    expect(check({ hotlinegas_number: null })).toBe(noNumber);
    expect(check({})).toBeNull();
  });

  it('СО-3, СО-7, СО-8, СО-4.1, СО-4.2 need the hot line number; the learning act does not', () => {
    const ready = repairFields({ result: 'fulfilled', note: 'Готово', view_res_before: 1, view_res_after: 1, comment_after: 'Готово', hotlinegas_number: null });
    for (const act of [ActKind.CO_3, ActKind.CO_7, ActKind.CO_8, ActKind.CO_41, ActKind.CO_42])
      expect(actPrecondition(performing({ ...ready, request_kind_id: requestKindsWithAct(act)[0]! }), act)).toBe(noNumber);
    expect(actPrecondition(performing({ ...ready, request_kind_id: requestKindsWithAct(ActKind.LEARNING)[0]! }), ActKind.LEARNING)).toBeNull();
  });

  function repairFields(over: Partial<RequestFields> = {}): Partial<RequestFields> {
    return { request_kind_id: RequestKind.REPAIR_HARD, program_id: null, ...over };
  }
});

describe('files', () => {
  const f = (name: string, size = 1000) => ({ name, size });

  it("attachments: at most 5 ('Не более 5 файлов')", () => {
    expect(validateFiles(Array.from({ length: 5 }, (_, i) => f(`${i}.pdf`)), 'attachments')).toBeNull();
    expect(validateFiles(Array.from({ length: 6 }, (_, i) => f(`${i}.pdf`)), 'attachments')).toBe('Не более 5 файлов');
  });

  it('documents: at most 20', () => {
    expect(validateFiles(Array.from({ length: 20 }, (_, i) => f(`${i}.docx`)), 'documents')).toBeNull();
    expect(validateFiles(Array.from({ length: 21 }, (_, i) => f(`${i}.docx`)), 'documents')).toBe('Не более 20 файлов');
  });

  it('50 MB per file; comment files 5 x 10 MB', () => {
    expect(validateFiles([f('a.pdf', 52_428_800)], 'attachments')).toBeNull();
    expect(validateFiles([f('a.pdf', 52_428_801)], 'documents')).toBe('Размер файла не может быть более 50 мегабайт');
    expect(validateFiles([f('a.pdf', 10_485_760)], 'comment')).toBeNull();
    expect(validateFiles([f('a.pdf', 10_485_761)], 'comment')).toBe('Размер файла не может быть более 10 мегабайт');
    expect(validateFiles(Array.from({ length: 6 }, (_, i) => f(`${i}.png`)), 'comment')).toBe('Не более 5 файлов');
  });

  it('only the listed extensions', () => {
    for (const ext of ['.png', '.jpeg', '.jpg', '.pdf', '.doc', '.docx', '.odt', '.xls', '.xlsx', '.zip', '.rar', '.7z'])
      expect(validateFiles([f(`Скан${ext.toUpperCase()}`)], 'attachments')).toBeNull();
    expect(validateFiles([f('setup.exe')], 'attachments')).toBe('Неподдерживаемый тип файла');
    expect(validateFiles([f('pdf')], 'comment')).toBe('Неподдерживаемый тип файла');
  });
});

describe('small forms', () => {
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error?.issues[0]?.message);

  it('comments: under 2000 characters, at least 5 to send', () => {
    expect(message(commentSchema.safeParse({ comment: 'я'.repeat(1999) }))).toBeNull();
    expect(message(commentSchema.safeParse({ comment: 'я'.repeat(2000) }))).toBe('Не более 2000 символов');
    expect(message(commentSchema.safeParse({ comment: ' abcd ' }))).toBe('Сообщение должно содержать не менее 5 символов');
    expect(message(commentSchema.safeParse({ comment: 'abcde' }))).toBeNull();
  });

  it("group creation: 'Укажите объекты', description longer than 5 'Введите описание'", () => {
    expect(message(groupRequestSchema.safeParse({ units_ids: [], request_text: 'Проверка связи' }))).toBe('Укажите объекты');
    expect(message(groupRequestSchema.safeParse({ units_ids: [1], request_text: 'abcde' }))).toBe('Введите описание');
    expect(message(groupRequestSchema.safeParse({ units_ids: [1, 2], request_text: 'abcdef' }))).toBeNull();
  });

  it("number change: digits only, 'Введите целое число'", () => {
    expect(requestNumberSchema.safeParse('125').data).toBe(125);
    expect(requestNumberSchema.safeParse(7).data).toBe(7);
    for (const bad of ['12a', '-3', '1.5', '', ' '])
      expect(message(requestNumberSchema.safeParse(bad)), bad).toBe('Введите целое число');
  });
});
