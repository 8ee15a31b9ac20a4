import {
  ActKind,
  InspectionAfter,
  InspectionBefore,
  LearningType,
  PerformType,
  RepairResult,
  RepairType,
  RequestKind,
  RequestResult,
  WarrantyKind,
  actKindTitles,
} from '../../domain/request/enums';
import { actFields, actFileName, actNumber } from '../../domain/request/acts';
import { matchingActKind } from '../../domain/request/lifecycle';
import type { RequestDocument, RequestState } from '../../domain/request/state';
import type { SaveInput } from '../../commands/request/save';
import { ToolState } from '../../domain/tool/states';
import type { AppContext } from '../context';
import { DOCX_MIME, demoActDocx, storeDemoFile } from './demo-files';
import { workingTools, type DemoUnit } from './demo-world';

/** What a court writes for each kind (several variants, picked by the generator). */
export const requestTexts: Record<number, readonly string[]> = {
  [RequestKind.COMMON_SOFTWARE]: [
    'Не запускается текстовый редактор на АРМ секретаря судебного заседания, выдаёт ошибку лицензии.',
    'После обновления перестал открываться браузер, требуется переустановка.',
    'Не печатаются документы из офисного пакета, зависает очередь печати.',
  ],
  [RequestKind.REPAIR_HARD]: [
    'Принтер в канцелярии замял бумагу и не включается, горит индикатор ошибки.',
    'МФУ в зале судебных заседаний № 3 печатает с полосами, сканер не работает.',
    'АРМ судьи не включается после отключения электроэнергии.',
    'Источник бесперебойного питания издаёт звуковой сигнал и не держит нагрузку.',
  ],
  [RequestKind.COMMISSIONING]: [
    'Поступило новое оборудование по контракту, прошу ввести в эксплуатацию.',
    'Прошу ввести в эксплуатацию комплект АРМ судьи, полученный в рамках поставки.',
  ],
  [RequestKind.SPECIAL_SOFTWARE]: [
    'ПС «Судебное делопроизводство» не сохраняет карточку дела, ошибка при записи.',
    'Не формируется отчёт по статистике в подсистеме, выдаёт сообщение об ошибке сервера.',
    'Не проходит публикация судебных актов на сайт суда.',
  ],
  [RequestKind.LEARNING]: [
    'Просим провести обучение новых сотрудников работе в ПС ГАС «Правосудие».',
    'Требуется инструктаж секретарей по работе с системой аудиопротоколирования.',
  ],
  [RequestKind.RESTORE]: [
    'После сбоя диска требуется восстановление рабочего места помощника судьи.',
    'Восстановить доступ к общей сетевой папке канцелярии после сбоя сервера.',
  ],
  [RequestKind.TASK]: [
    'Подготовить рабочее место для нового судьи, установить необходимое ПО.',
    'Перенести рабочее место секретаря в кабинет 214.',
  ],
  [RequestKind.MISTAKE]: ['Заявка создана ошибочно, дубль предыдущей заявки.'],
  [RequestKind.REVOKE]: ['Прошу отозвать заявку: неисправность устранена своими силами.'],
  [RequestKind.CONSULTATION]: [
    'Как настроить подпись документов электронной подписью в ПС?',
    'Консультация по порядку списания вышедшего из строя оборудования.',
  ],
  [RequestKind.PROPOSAL]: ['Предлагаем добавить в карточку дела поле для номера апелляционного производства.'],
};

export const hotlineNumber = (seq: number, year: string) => `ГЛ-${year.slice(2)}-${String(4000 + seq * 7).padStart(6, '0')}`;

const toolKindsOf: Record<number, readonly number[]> = {
  [RequestKind.COMMON_SOFTWARE]: [2],
  [RequestKind.REPAIR_HARD]: [4, 6, 2, 8],
  [RequestKind.RESTORE]: [2],
  [RequestKind.SPECIAL_SOFTWARE]: [2],
};

/** The common tab of a new request of this kind in this unit (tool and program where the kind needs them). */
export const registrationFields = (
  kind: number,
  unit: DemoUnit,
  pick: <T>(list: readonly T[]) => T,
  programs: { special: readonly number[]; common: readonly number[] },
  /** Broken tools a repair request was already registered for. */
  repaired: Set<number>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = { request_kind_id: kind, request_text: pick(requestTexts[kind]!) };
  const kinds = toolKindsOf[kind];
  if (kinds) {
    // A repair takes the unit's broken printer first (the demo seed leaves one in every building).
    const broken = kind === RequestKind.REPAIR_HARD ? unit.tools.find((t) => t.state === ToolState.BROKEN && kinds.includes(t.kind) && !repaired.has(t.id)) : undefined;
    const tools = workingTools(unit, kinds);
    if (broken) repaired.add(broken.id);
    if (broken || tools.length) out.tool_id = broken?.id ?? pick(tools).id;
  }
  // A commissioning names the delivered tool it is about (enclosure 3 reads the request's tool).
  if (kind === RequestKind.COMMISSIONING) {
    const delivered = unit.tools.find((t) => t.state === ToolState.WAITING && t.setId === null);
    if (delivered) out.tool_id = delivered.id;
  }
  if (kind === RequestKind.SPECIAL_SOFTWARE) out.program_id = pick(programs.special);
  if (kind === RequestKind.COMMON_SOFTWARE) out.program_id = pick(programs.common);
  if (kind === RequestKind.LEARNING) out.learning_type_id = pick([LearningType.SOFTWARE, LearningType.EQUIPMENT, LearningType.INFORMATION_SECURITY]);
  return out;
};

const notes: Record<number, string> = {
  [RequestKind.COMMON_SOFTWARE]: 'Переустановлено и активировано программное обеспечение, проверена печать.',
  [RequestKind.SPECIAL_SOFTWARE]: 'Обновлён клиент подсистемы, очищен кэш, карточки сохраняются.',
  [RequestKind.RESTORE]: 'Рабочее место восстановлено из резервной копии, доступы проверены.',
  [RequestKind.LEARNING]: 'Проведено занятие, слушатели ознакомлены с порядком работы.',
  [RequestKind.TASK]: 'Работы выполнены, рабочее место передано пользователю.',
  [RequestKind.CONSULTATION]: 'Дана консультация по телефону, направлена инструкция.',
  [RequestKind.PROPOSAL]: 'Предложение передано разработчику, включено в план доработок.',
  [RequestKind.COMMISSIONING]: 'Оборудование установлено, подключено к сети и проверено.',
};

/** Movement tab details an engineer fills while working on the request (an intermediate save). */
export const progressFields = (state: RequestState): Record<string, unknown> =>
  state.request_kind_id === RequestKind.REPAIR_HARD
    ? { view_res_before: InspectionBefore.REPAIR_NEEDED, comment_before: 'Выявлена неисправность узла, требуется ремонт.' }
    : { request_text_expl: `${state.request_text} Выполняется диагностика.` };

export interface PerformOptions {
  readonly date: string;
  readonly hotline: string;
  /** Hard repair only: the tool is beyond repair (act СО-7, the tool awaits write-off). */
  readonly dismiss?: boolean;
  readonly signers: readonly string[];
}

/**
 * The save that marks the request performed: the kind's result fields and, for kinds with an act,
 * a small demo act document (СО-3, СО-7, СО-8, СО-1.3 or the learning act) with its number and date.
 */
export const performInput = async (ctx: AppContext, state: RequestState, unit: DemoUnit, o: PerformOptions): Promise<SaveInput> => {
  const kind = state.request_kind_id!;
  const request: Record<string, unknown> = { hotlinegas_number: state.hotlinegas_number ?? o.hotline };
  const extra: { -readonly [K in keyof SaveInput]?: SaveInput[K] } = {};
  if (kind === RequestKind.REPAIR_HARD) {
    if (o.dismiss) Object.assign(request, { view_res_before: InspectionBefore.TO_DISMISS, comment_before: 'Ремонт экономически нецелесообразен.' });
    else {
      const warranty = state.repair_kind_id === WarrantyKind.GUARANTY;
      Object.assign(request, {
        view_res_before: InspectionBefore.REPAIR_NEEDED,
        comment_before: state.comment_before ?? 'Выявлена неисправность узла, требуется ремонт.',
        view_res_after: InspectionAfter.WORKING,
        comment_after: 'Неисправный узел заменён, оборудование работоспособно.',
        repair_type_id: warranty ? RepairType.GUARANTY : RepairType.FILIAL_HAND,
        repair_result_id: RepairResult.FULL,
        date_repair_d: o.date,
      });
      extra.works = [{ title: 'Диагностика и замена неисправного узла', cost: 0 }];
    }
  } else {
    Object.assign(request, { result: RequestResult.FULFILLED, result_type: PerformType.WITH_VISIT, note: notes[kind] ?? 'Работы выполнены.' });
  }
  if (kind === RequestKind.COMMISSIONING) {
    const waiting = unit.tools.filter((t) => t.state === ToolState.WAITING).slice(0, 2);
    extra.tools_commissioning = waiting.map((t, i) => ({ tool_id: t.id, settling_place: `Кабинет ${201 + i}`, instructed_person: 'Секретарь судебного заседания' }));
    Object.assign(request, { commissioning_year: Number(o.date.slice(0, 4)), result_d: o.date, fulfielled_works: 'Работы по вводу в эксплуатацию выполнены в полном объеме' });
  }
  if (kind === RequestKind.LEARNING)
    extra.students_list = [
      { name: 'Иванова Анна Сергеевна', post: 'Секретарь судебного заседания' },
      { name: 'Петров Олег Николаевич', post: 'Помощник судьи' },
    ];
  const probe = { ...state, ...request } as RequestState;
  const actKind = matchingActKind(probe);
  if (actKind) {
    const year = Number(o.date.slice(0, 4));
    const number = actKind === ActKind.LEARNING ? String(state.number) : actNumber(actKind, unit.vncode, state.number!, year);
    const name = `демо_${actFileName(actKind, { vncode: unit.vncode, number: state.number!, year, date: o.date })}`;
    const content = await demoActDocx({
      title: `${actKindTitles[actKind]} (демонстрационный)`,
      actNumber: number,
      date: o.date,
      requestNumber: state.number!,
      unitName: unit.name,
      lines: [`Описание: ${state.request_text}`, `Выполненные работы: ${String(request.note ?? request.comment_after ?? request.comment_before ?? '')}`],
      signers: o.signers,
    });
    // The act's number and date fill its fields through the document (a save may not type them).
    const doc: RequestDocument = {
      ...(await storeDemoFile(ctx, name, DOCX_MIME, content)),
      act_kind: actKind,
      sign_type: 'electron',
      signers_count: 2,
      ...(actFields[actKind] ? { act_number: number, act_date: o.date } : {}),
    };
    extra.documents_added = [doc];
  }
  return { request, ...extra };
};
