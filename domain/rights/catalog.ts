import { RightValue } from './values';

const { READ, FULL, OWN, ALL } = RightValue;

export interface RightDefinition {
  readonly key: string;
  readonly category: string;
  readonly title: string;
  /** The values a role may hold for this right; one value renders as a checkbox. */
  readonly values: readonly RightValue[];
}

const right = (key: string, category: string, title: string, values: readonly RightValue[]): RightDefinition => ({
  key,
  category,
  title,
  values,
});

const REQUESTS = 'Заявки';
const SIGNING = 'Документы на подпись';
const EQUIPMENT = 'Оборудование';
const REPORTS = 'Отчеты';
const REFERENCES = 'Справочники';
const ADMIN = 'Администрирование';
const HELP = 'Помощь';

/**
 * Every right named in the three spec documents (section 6 of each). The key is what role
 * rights objects and the client use; the order is the order of rows in the roles grid.
 */
export const rightsCatalog = [
  right('RIGHT_REQUEST_READ', REQUESTS, 'Просмотр заявок', [OWN, ALL]),
  right('RIGHT_REQUEST_CREATE', REQUESTS, 'Создание заявок', [OWN, ALL]),
  right('RIGHT_REQUEST_EDIT', REQUESTS, 'Редактирование заявок филиала', [FULL]),
  right('RIGHT_REQUEST_HOTLINE_EDIT', REQUESTS, 'Редактирование заявок головного исполнителя', [FULL]),
  right('RIGHT_HOTLINE_EDIT', REQUESTS, 'Номер на ГЛ и регистрация заявок на ГЛ', [FULL]),
  right('RIGHT_REQUEST_DELETE', REQUESTS, 'Удаление заявок и управление заявками ГЛ', [FULL]),
  right('RIGHT_REQUEST_ENGINEER', REQUESTS, 'Принятие заявок к исполнению без назначения', [FULL]),
  right('RIGHT_REQUEST_RESUME', REQUESTS, 'Отмена исполнения закрытой заявки', [FULL]),
  right('RIGHT_REQUEST_DOCS_DELETE', REQUESTS, 'Удаление документов заявки', [FULL]),
  right('RIGHT_REQUEST_EDIT_NUMBER', REQUESTS, 'Изменение номера и даты заявки', [FULL]),
  right('RIGHT_MULTIPLE_REQUESTS', REQUESTS, 'Групповое создание заявок', [FULL]),
  right('RIGHT_VIEW_COST', REQUESTS, 'Просмотр и редактирование стоимости', [FULL]),
  right('RIGHT_SIGNING_DOCS_IAC', SIGNING, 'Подписание документов от филиала', [FULL]),
  right('RIGHT_SIGNING_DOCS_UNIT', SIGNING, 'Подписание документов от объекта', [FULL]),
  right('RIGHT_SIGNING_DOCS_FINAL', SIGNING, 'Итоговое подписание документов', [FULL]),
  right('RIGHT_TOOLS_READ', EQUIPMENT, 'Просмотр оборудования', [OWN, ALL]),
  right('RIGHT_TOOLS_WRITE', EQUIPMENT, 'Редактирование оборудования', [FULL]),
  right('RIGHT_TOOLS_PLACE_EDIT', EQUIPMENT, 'Редактирование размещения оборудования', [FULL]),
  right('RIGHT_TOOLS_IMPORT', EQUIPMENT, 'Импорт оборудования из Excel', [FULL]),
  right('RIGHT_TOOLS_MODELS', EQUIPMENT, 'Модели оборудования', [READ, FULL]),
  right('RIGHT_TOOLS_KINDS', EQUIPMENT, 'Виды оборудования', [FULL]),
  right('RIGHT_TOOLS_TRAITS', EQUIPMENT, 'Характеристики оборудования', [FULL]),
  right('RIGHT_TOOLS_SETS_NAMES', EQUIPMENT, 'Виды комплектов оборудования', [FULL]),
  right('RIGHT_ZIP', EQUIPMENT, 'Комплекты ЗИП', [READ, FULL]),
  right('RIGHT_REPORT_ENCLOSURE_1', REPORTS, 'Приложение 1 (списания)', [FULL]),
  right('RIGHT_REPORT_ENCLOSURE_2', REPORTS, 'Приложение 2 (заявки)', [FULL]),
  right('RIGHT_REPORT_ENCLOSURE_3', REPORTS, 'Приложение 3 (ввод в эксплуатацию)', [FULL]),
  right('RIGHT_REPORT_ARCHIVE', REPORTS, 'Журнал архива заявок', [FULL]),
  right('RIGHT_REPORT_REPAIR_1', REPORTS, 'Отчет по ремонтам 1', [FULL]),
  right('RIGHT_REPORT_REPAIR_2', REPORTS, 'Отчет по ремонтам 2', [FULL]),
  right('RIGHT_REPORT_REPAIR_3', REPORTS, 'Отчет по ремонтам 3', [FULL]),
  right('RIGHT_REPORT_WAITING_REPAIR', REPORTS, 'Количество оборудования, ожидающего ремонта', [FULL]),
  right('RIGHT_REPORT_WAITING_REPAIR_AGE', REPORTS, 'Ожидающие ремонта: старше и моложе 5 лет', [FULL]),
  right('RIGHT_REPORT_WARRANTY', REPORTS, 'Гарантийные и постгарантийные ремонты', [FULL]),
  right('RIGHT_REPORT_REPAIR_SHORT', REPORTS, 'Краткая таблица ремонтов', [FULL]),
  right('RIGHT_REPORT_FAILURES', REPORTS, 'Отчет об отказах', [FULL]),
  right('RIGHT_REPORT_SUBSYSTEMS', REPORTS, 'Отчет по подсистемам ГАС', [FULL]),
  right('RIGHT_REPORT_HARDWARE_1', REPORTS, 'Отчет по оборудованию 1', [FULL]),
  right('RIGHT_REFERENCES', REFERENCES, 'Справочники', [FULL]),
  right('RIGHT_REGIONS', REFERENCES, 'Регионы', [FULL]),
  right('RIGHT_ORGANIZATIONS', REFERENCES, 'Организации', [READ, FULL]),
  right('RIGHT_ORGANIZATION_KINDS', REFERENCES, 'Виды организаций', [FULL]),
  right('RIGHT_POSTS', REFERENCES, 'Должности', [FULL]),
  right('RIGHT_SERVICES_REPAIRS', REFERENCES, 'Сервисные центры', [FULL]),
  right('RIGHT_COMMON_DISREPAIRS', REFERENCES, 'Типовые неисправности', [FULL]),
  right('RIGHT_PROGRAMS', REFERENCES, 'Программное обеспечение', [READ, FULL]),
  right('RIGHT_REFERENCE_GAS_SUBSYSTEM', REFERENCES, 'Подсистемы ГАС', [READ, FULL]),
  right('RIGHT_TOOLS_MANUFACTURERS', REFERENCES, 'Производители', [READ, FULL]),
  right('RIGHT_SETTINGS', ADMIN, 'Настройки: работники, роли и права', [FULL]),
  right('RIGHT_USERS_LIST', ADMIN, 'Список работников, логины и пароли', [FULL]),
  right('RIGHT_USER_STATUS_EDIT', ADMIN, 'Изменение статуса работника', [FULL]),
  right('RIGHT_USERS_HL', ADMIN, 'Исполнители Техподдержки', [READ, FULL]),
  right('RIGHT_HOTLINE_PASS', ADMIN, 'Логин и пароль ГЛ организации', [FULL]),
  right('RIGHT_SET_ENGINEER_EMAIL', ADMIN, 'Настройка писем и назначения инженеров региона', [FULL]),
  right('RIGHT_AUDIT', ADMIN, 'Журнал аудита и состояние на момент времени', [FULL]),
  right('RIGHT_SIGNING_CERTIFICATES', ADMIN, 'Сертификаты подписи: доверенные УЦ, списки отзыва, сертификаты работников', [FULL]),
  right('RIGHT_REQUEST_INNER', HELP, 'Управление запросами администратору', [FULL]),
  right('RIGHT_APP_VERSIONS_EDIT', HELP, 'Редактирование истории версий', [FULL]),
  right('RIGHT_MANUALS_EDIT', HELP, 'Редактирование обучающих материалов', [FULL]),
  right('RIGHT_GAS_SOFT_RENEWAL_EDIT', HELP, 'Редактирование новостей поддержки', [FULL]),
] as const satisfies readonly RightDefinition[];

export type RightKey = (typeof rightsCatalog)[number]['key'];

export const rightKeys: readonly RightKey[] = rightsCatalog.map((r) => r.key);

const byKey = new Map<string, RightDefinition>(rightsCatalog.map((r) => [r.key, r]));
export const findRight = (key: string): RightDefinition | undefined => byKey.get(key);
