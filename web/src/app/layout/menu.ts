import { findRight, type RightKey } from '@domain/rights';
import { full, ownOrAll, readOrFull, type RightRule } from '@/lib/rights';
import { paths, publicOrderPath, reportPath, technicalDocPath } from '@/config/paths';
import { publicOrders } from '@domain/report/technical/public-docs';
import { courtReports } from '@domain/report/registry';

export interface MenuItem {
  readonly title: string;
  /** Where the item leads; null while its screen or dialog does not exist yet. */
  readonly to: string | null;
  /** The item shows when the user holds one of these (administration.md 6 'Menu visibility'); [] for everyone. */
  readonly rights: readonly RightRule[];
  /** An order of the public docs folder: the item opens it in a new tab instead of navigating. */
  readonly publicOrder?: string;
}

export interface MenuGroup {
  readonly title: string;
  readonly items: readonly MenuItem[];
  /** A single-item group drawn as a plain button (Документы на подпись). */
  readonly direct?: boolean;
}

// A report item opens its report's dialog page (decisions 87–96), found in the report registry by its right.
const reportTo = (key: RightKey): string | null => {
  const r = courtReports.find((x) => x.right.key === key);
  return r ? reportPath(r.id) : null;
};
const report = (key: RightKey): MenuItem => ({ title: findRight(key)?.title ?? key, to: reportTo(key), rights: [full(key)] });

/**
 * THE MAIN MENU of administration.md 2.3 with the rights of section 6. An item appears only when
 * the user has its right AND its target is a route of app/routes.ts the user may open, so adding a
 * screen to the route table is what makes its items appear. Report, document and check items open
 * dialogs of later steps: they get their `to` when those exist.
 */
export const mainMenu: readonly MenuGroup[] = [
  {
    title: 'Техподдержка',
    items: [
      { title: 'Новая заявка', to: `${paths.requests}?new=1`, rights: [ownOrAll('RIGHT_REQUEST_CREATE')] },
      { title: 'Создать группу заявок', to: `${paths.requests}?group=1`, rights: [full('RIGHT_MULTIPLE_REQUESTS')] },
      { title: 'Список заявок', to: paths.requests, rights: [ownOrAll('RIGHT_REQUEST_READ')] },
      { title: 'Заявки головного исполнителя', to: paths.requestsHotLine, rights: [full('RIGHT_REQUEST_HOTLINE_EDIT')] },
      { title: 'Новости поддержки', to: '/gas-soft-renewal', rights: [] },
    ],
  },
  {
    title: 'Документы на подпись',
    direct: true,
    items: [
      {
        title: 'Документы на подпись',
        to: '/documents-list',
        rights: [full('RIGHT_SIGNING_DOCS_IAC'), full('RIGHT_SIGNING_DOCS_UNIT'), full('RIGHT_SIGNING_DOCS_FINAL')],
      },
    ],
  },
  {
    title: 'Оборудование',
    items: [
      { title: 'Добавить оборудование', to: '/tools?new=1', rights: [full('RIGHT_TOOLS_WRITE')] },
      { title: 'Добавить комплект', to: '/tools-sets?new=1', rights: [full('RIGHT_TOOLS_WRITE')] },
      { title: 'Список оборудования', to: '/tools', rights: [ownOrAll('RIGHT_TOOLS_READ')] },
      { title: 'Комплекты оборудования', to: '/tools-sets', rights: [ownOrAll('RIGHT_TOOLS_READ')] },
      { title: 'Возраст оборудования', to: '/tools-list', rights: [ownOrAll('RIGHT_TOOLS_READ')] },
      { title: 'Инвентаризация', to: '/inventory', rights: [ownOrAll('RIGHT_TOOLS_READ')] },
      { title: 'Комплекты ЗИП', to: '/spares', rights: [readOrFull('RIGHT_ZIP')] },
      { title: 'Импорт из Excel', to: '/tools?import=1', rights: [full('RIGHT_TOOLS_IMPORT')] },
    ],
  },
  {
    title: 'Отчеты',
    items: [
      report('RIGHT_REPORT_ENCLOSURE_1'),
      report('RIGHT_REPORT_ENCLOSURE_2'),
      report('RIGHT_REPORT_ENCLOSURE_3'),
      report('RIGHT_REPORT_ARCHIVE'),
      report('RIGHT_REPORT_REPAIR_1'),
      report('RIGHT_REPORT_REPAIR_2'),
      report('RIGHT_REPORT_REPAIR_3'),
      report('RIGHT_REPORT_WAITING_REPAIR'),
      report('RIGHT_REPORT_WAITING_REPAIR_AGE'),
      report('RIGHT_REPORT_WARRANTY'),
      report('RIGHT_REPORT_REPAIR_SHORT'),
      report('RIGHT_REPORT_FAILURES'),
      report('RIGHT_REPORT_SUBSYSTEMS'),
      report('RIGHT_REPORT_HARDWARE_1'),
    ],
  },
  {
    title: 'Справочники',
    items: [
      { title: 'Регионы', to: '/regions', rights: [full('RIGHT_REGIONS')] },
      { title: 'Балансодержатели', to: '/hosts', rights: [readOrFull('RIGHT_ORGANIZATIONS')] },
      { title: 'Организации', to: '/organizations', rights: [readOrFull('RIGHT_ORGANIZATIONS')] },
      { title: 'Виды организаций', to: '/organization-kinds', rights: [full('RIGHT_ORGANIZATION_KINDS')] },
      { title: 'Работники', to: '/users', rights: [full('RIGHT_USERS_LIST')] },
      { title: 'Исполнители Техподдержки', to: '/users-hotline', rights: [readOrFull('RIGHT_USERS_HL')] },
      { title: 'Должности', to: '/posts', rights: [full('RIGHT_POSTS')] },
      { title: 'Модели оборудования', to: '/tools-models', rights: [readOrFull('RIGHT_TOOLS_MODELS')] },
      { title: 'Виды оборудования', to: '/tools-kinds', rights: [full('RIGHT_TOOLS_KINDS')] },
      { title: 'Характеристики оборудования', to: '/tools-kinds-traits', rights: [full('RIGHT_TOOLS_TRAITS')] },
      { title: 'Виды комплектов оборудования', to: '/tools-sets-names', rights: [full('RIGHT_TOOLS_SETS_NAMES')] },
      { title: 'Производители', to: '/manufacturers', rights: [readOrFull('RIGHT_TOOLS_MANUFACTURERS')] },
      { title: 'Подсистемы ГАС «Правосудие»', to: '/programs-subsystems', rights: [readOrFull('RIGHT_REFERENCE_GAS_SUBSYSTEM')] },
      { title: 'Программное обеспечение', to: '/programs', rights: [readOrFull('RIGHT_PROGRAMS')] },
      { title: 'Типовые неисправности', to: '/common-disrepairs', rights: [full('RIGHT_COMMON_DISREPAIRS')] },
      { title: 'Сервисные центры', to: '/services-repairs', rights: [full('RIGHT_SERVICES_REPAIRS')] },
      { title: 'Категории проблем', to: paths.problemsCategories, rights: [full('RIGHT_REFERENCES')] },
      { title: 'Импорт объектов', to: paths.unitsImport, rights: [full('RIGHT_REFERENCES')] },
    ],
  },
  {
    title: 'Документация',
    items: [
      // The four orders (administration.md 2.3), PDFs of the folder an administrator fills at /public-docs.
      ...publicOrders.map((o): MenuItem => ({ title: o.title, to: publicOrderPath(o.name), rights: [], publicOrder: o.name })),
      // The document dialogs (decisions 87–96) need request read OWN or ALL: they list the objects of that scope.
      { title: 'Формуляр', to: technicalDocPath('formular'), rights: [ownOrAll('RIGHT_REQUEST_READ')] },
      { title: 'Табличная часть формуляра', to: technicalDocPath('formular_table'), rights: [ownOrAll('RIGHT_REQUEST_READ')] },
      { title: 'Паспорт оборудования', to: technicalDocPath('passport_tools'), rights: [ownOrAll('RIGHT_REQUEST_READ')] },
      { title: 'Паспорт общего программного обеспечения', to: technicalDocPath('passport_common_software'), rights: [ownOrAll('RIGHT_REQUEST_READ')] },
      { title: 'Паспорт специального программного обеспечения', to: technicalDocPath('passport_special_software'), rights: [ownOrAll('RIGHT_REQUEST_READ')] },
    ],
  },
  {
    title: 'Помощь',
    items: [
      { title: 'Запросы администратору', to: '/request-inner', rights: [] },
      { title: 'История версий', to: `${paths.about}#versions`, rights: [] },
      { title: 'О программе', to: paths.about, rights: [] },
      { title: 'Обучающие материалы', to: '/manuals', rights: [] },
    ],
  },
  {
    title: 'Администрирование',
    items: [
      { title: 'Роли и права', to: '/roles', rights: [full('RIGHT_SETTINGS')] },
      { title: 'Исходящие письма и вызовы ГЛ', to: paths.outbox, rights: [full('RIGHT_SETTINGS')] },
      { title: 'Приказы раздела «Документация»', to: paths.publicDocs, rights: [full('RIGHT_SETTINGS')] },
      { title: 'Журнал аудита', to: paths.audit, rights: [full('RIGHT_AUDIT')] },
      { title: 'Доверенные УЦ', to: paths.trustedCas, rights: [full('RIGHT_SIGNING_CERTIFICATES')] },
      { title: 'Проверка моделей оборудования', to: '/tools-check?dialog=models', rights: [full('RIGHT_TOOLS_MODELS')] },
      { title: 'Проверка оборудования', to: '/tools-check?dialog=tools', rights: [full('RIGHT_TOOLS_IMPORT')] },
    ],
  },
];
