import { formatDate } from '../shared/dates';
import type { EditableItem } from './rules';
import { requestFieldTitles, requestFields, type RequestField } from './fields';

export { requestFieldTitles };

/** Russian names of the lists and pseudo-fields a save may change. */
export const requestListTitles = {
  engineers: 'Исполнители',
  works: 'Работы',
  spares_pbs: 'ЗИП ПБС',
  tools_commissioning: 'Оборудование для ввода в эксплуатацию',
  students_list: 'Слушатели',
  attachments: 'Вложения',
  documents: 'Документы',
  documents_add: 'Документы',
  documents_remove: 'Документы',
} as const;

export const editableItemTitle = (item: EditableItem): string =>
  item in requestFieldTitles
    ? requestFieldTitles[item as RequestField]
    : requestListTitles[item as keyof typeof requestListTitles];

const isField = (name: string): name is RequestField => Object.hasOwn(requestFields, name);

/**
 * A field value as the history tab shows it: enum titles, 'Да'/'Нет', dates DD.MM.YYYY,
 * empty values as ''. Reference ids (unit, program, tool, ...) come back as their number:
 * the projection resolves them to titles.
 */
export const formatFieldValue = (field: RequestField | string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  const spec = isField(field) ? requestFields[field] : null;
  if ((spec?.type === 'date' || spec?.type === 'ts') && typeof value === 'string') return formatDate(value);
  const shape = spec?.shape;
  if (shape?.kind === 'enum' && (typeof value === 'number' || typeof value === 'string')) return shape.title(value) ?? String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};
