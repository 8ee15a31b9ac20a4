import { PerformerKind, RequestStatus } from '@domain/request/enums';
import { commonFields, hotlineFields, hotlineNumberFields, movementFields, movementLists, registrationFields } from '@domain/request/rules';

/** The tabs of the request dialog (requests.md 2.4). */
export type RequestDialogTab = 'request' | 'movement' | 'documents' | 'hotline' | 'chat' | 'history';

export const tabOrder: readonly RequestDialogTab[] = ['request', 'movement', 'documents', 'hotline', 'chat', 'history'];

export const tabTitle = (tab: RequestDialogTab, saved: boolean): string => {
  switch (tab) {
    case 'request':
      return saved ? 'Заявка' : 'Новая заявка';
    case 'movement':
      return 'Движение';
    case 'documents':
      return 'Документы';
    case 'hotline':
      return 'Техподдержка ГЛ';
    case 'chat':
      return 'Чат по заявке';
    case 'history':
      return 'История';
  }
};

interface TabSubject {
  readonly id: number | null;
  readonly request_performer_kind: string;
}

/** 'Заявка' always; 'Движение' and 'Документы' for saved FILIAL requests; 'Техподдержка ГЛ' for saved SENIOR ones; chat and history for saved ones. */
export const visibleTabs = (request: TabSubject | null): RequestDialogTab[] => {
  if (!request || request.id === null) return ['request'];
  const filial = request.request_performer_kind === PerformerKind.FILIAL;
  return tabOrder.filter((tab) => {
    if (tab === 'movement' || tab === 'documents') return filial;
    if (tab === 'hotline') return !filial;
    return true;
  });
};

const common: ReadonlySet<string> = new Set<string>([...registrationFields, ...commonFields, ...hotlineNumberFields, 'attachments']);
const movement: ReadonlySet<string> = new Set<string>([...movementFields, ...movementLists, 'spares']);
const hotline: ReadonlySet<string> = new Set<string>(hotlineFields);

/**
 * The tab showing a field. Type, software, tool and learning type are on both the common and the
 * movement tab: they belong to the movement tab while the request is performed.
 */
export const tabOfField = (field: string, status: number): RequestDialogTab => {
  const root = field.split('.')[0] ?? field;
  if (root === 'documents') return 'documents';
  if (movement.has(root) && (!common.has(root) || status === RequestStatus.PERFORMING)) return 'movement';
  if (hotline.has(root)) return 'hotline';
  return 'request';
};
