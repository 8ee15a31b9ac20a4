/**
 * The audit trail's words (decisions 97–99): the kind of object a stream holds and a Russian summary of
 * each event. Pure, shared by the read model (projections/audit) and the screen (filter labels).
 */

/** Stream kinds (the stream id's prefix) and their Russian titles, in the filter's order. */
export const auditKinds = {
  request: 'Заявка',
  tool: 'Оборудование',
  tools_set: 'Комплект оборудования',
  spares_set: 'Комплект ЗИП',
  user: 'Пользователь',
  role: 'Роль и права',
  organization: 'Организация',
  catalog: 'Справочник',
  notifications: 'Уведомления',
  inbox: 'Входящие уведомления',
} as const satisfies Record<string, string>;

export type AuditKind = keyof typeof auditKinds;

export const isAuditKind = (k: string): k is AuditKind => Object.hasOwn(auditKinds, k);

/** Kind and object id of a stream: `request-12` → request/12; `catalog-regions-3` → catalog/regions-3. */
export const streamObject = (streamId: string): { kind: string; objectId: string } => {
  const dash = streamId.indexOf('-');
  return dash < 0 ? { kind: streamId, objectId: '' } : { kind: streamId.slice(0, dash), objectId: streamId.slice(dash + 1) };
};

const summaries: Record<string, string> = {
  RequestRegistered: 'Заявка зарегистрирована',
  RequestFieldsChanged: 'Изменены поля заявки',
  RequestDeleted: 'Заявка удалена',
  RequestCanceled: 'Заявка отменена',
  RequestClosed: 'Заявка закрыта',
  RequestRecalled: 'Заявка отозвана',
  RequestPerformed: 'Заявка выполнена',
  RequestReexecuted: 'Заявка возвращена на исполнение',
  RequestTakenForPerform: 'Заявка взята в работу',
  RequestExecutionCancelled: 'Исполнение заявки отменено',
  RequestEngineersAssigned: 'Назначены инженеры',
  RequestCommentAdded: 'Добавлен комментарий',
  RequestNumberChanged: 'Изменён номер заявки',
  RequestDateChanged: 'Изменена дата заявки',
  RequestAttachmentAdded: 'Добавлен файл',
  RequestAttachmentRemoved: 'Удалён файл',
  RequestDocumentAttached: 'Приложен документ',
  RequestDocumentRemoved: 'Удалён документ',
  RequestActGenerated: 'Сформирован акт',
  RequestWorksChanged: 'Изменены работы',
  RequestSparesPbsChanged: 'Изменены ЗИП ПБС',
  RequestStudentsChanged: 'Изменены обучаемые',
  RequestCommissioningToolsChanged: 'Изменено вводимое оборудование',
  RequestMovedToHotLine: 'Заявка передана на горячую линию',
  RequestHotLineTaken: 'Заявка взята горячей линией',
  RequestHotLinePerformed: 'Заявка выполнена горячей линией',
  RequestHotLineFulfilled: 'Заявка исполнена горячей линией',
  RequestHotLineReexecuted: 'Заявка возвращена горячей линии',
  RequestHotLineExecutionCancelled: 'Исполнение горячей линией отменено',
  ToolRegistered: 'Оборудование зарегистрировано',
  ToolUpdated: 'Изменено оборудование',
  ToolStateChanged: 'Изменено состояние оборудования',
  ToolDeleted: 'Оборудование удалено',
  ToolsSetRegistered: 'Комплект зарегистрирован',
  ToolsSetUpdated: 'Изменён комплект',
  ToolsSetDeleted: 'Комплект удалён',
  SparesSetRegistered: 'Комплект ЗИП зарегистрирован',
  SparesSetUpdated: 'Изменён комплект ЗИП',
  SparesSetDeleted: 'Комплект ЗИП удалён',
  SparesSetItemAdded: 'Добавлена позиция ЗИП',
  SparesSetItemRemoved: 'Удалена позиция ЗИП',
  SparesAllocatedToRequest: 'ЗИП выделен заявке',
  UserRegistered: 'Пользователь создан',
  UserProfileChanged: 'Изменён профиль пользователя',
  UserPasswordChanged: 'Изменён пароль',
  UserDeactivated: 'Пользователь отключён',
  UserDeleted: 'Пользователь удалён',
  UserSignedIn: 'Вход в систему',
  RoleCreated: 'Роль создана',
  RoleUpdated: 'Изменены роль и права',
  RoleDeleted: 'Роль удалена',
  OrganizationCreated: 'Организация создана',
  OrganizationUpdated: 'Изменена организация',
  OrganizationDeleted: 'Организация удалена',
  UnitAdded: 'Добавлено подразделение',
  UnitUpdated: 'Изменено подразделение',
  UnitRemoved: 'Удалено подразделение',
  UnitMovedIn: 'Подразделение перемещено в организацию',
  UnitMovedOut: 'Подразделение перемещено из организации',
  CatalogItemCreated: 'Добавлена запись справочника',
  CatalogItemUpdated: 'Изменена запись справочника',
  CatalogItemDeleted: 'Удалена запись справочника',
  NotificationsCreated: 'Созданы уведомления',
  NotificationRead: 'Уведомление прочитано',
};

/** Names of changed fields an event carries, when it carries them as an object or a list of changes. */
const changedFields = (data: unknown): string[] => {
  if (!data || typeof data !== 'object') return [];
  const d = data as Record<string, unknown>;
  const changes = d.changes ?? d.fields ?? d.changed;
  if (Array.isArray(changes)) return changes.map((c) => (Array.isArray(c) ? String(c[0]) : typeof c === 'string' ? c : '')).filter(Boolean);
  if (changes && typeof changes === 'object') return Object.keys(changes);
  return [];
};

/** One line of the audit trail: the event's Russian name, with the changed fields when it lists them. */
export const auditSummary = (type: string, data: unknown): string => {
  const base = summaries[type] ?? `Событие ${type}`;
  const fields = changedFields(data);
  return fields.length ? `${base}: ${fields.slice(0, 10).join(', ')}${fields.length > 10 ? ` и ещё ${fields.length - 10}` : ''}` : base;
};
