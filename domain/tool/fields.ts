import { fieldNamesOf, fieldsInGroup, titlesOf, type FieldSpec, type FieldTable } from '../shared/fields';
import type { ToolFields } from './events';
import type { ToolGroup } from './machine';
import { ownerTypeTitles, toolStateTitles, type ToolState } from './states';

/**
 * The tool card's fields (equipment.md 3) with their Russian titles and groups (the card's tabs): the
 * history tab takes its titles from here (`titlesOf(toolFields)`), the decider its editability.
 * Lists (traits, software, places, movings, files) are whole values: their `type` is 'text' because
 * the read side stores them as JSON, and their empty value is [] (no emptyTemplateOf for this table).
 */
export type ToolFieldRef = 'unit' | 'tools_set' | 'tool_kind' | 'manufacturer' | 'tool_model';

type Spec<V> = FieldSpec<V, ToolGroup, ToolFieldRef>;

const general = ['general'] as const;
const plain = <V>(type: Spec<V>['type'], empty: V, title: string, shape?: Spec<V>['shape']): Spec<V> =>
  shape ? { type, empty, title, groups: general, shape } : { type, empty, title, groups: general };
const list = <V>(empty: V, title: string, group: ToolGroup | readonly ToolGroup[]): Spec<V> => ({
  type: 'text',
  empty,
  title,
  groups: typeof group === 'string' ? [group] : group,
});

export const toolFields: FieldTable<ToolFields, ToolGroup, ToolFieldRef> = {
  unit_id: plain('int', 0, 'Объект', { kind: 'ref', ref: 'unit' }),
  tools_set_id: { type: 'int', empty: null, title: 'Комплект', groups: [], shape: { kind: 'ref', ref: 'tools_set' } },
  tool_kind_id: plain('int', 0, 'Вид оборудования', { kind: 'ref', ref: 'tool_kind' }),
  manufacturer_id: plain('int', 0, 'Производитель', { kind: 'ref', ref: 'manufacturer' }),
  model_id: plain<number | null>('int', null, 'Модель', { kind: 'ref', ref: 'tool_model' }),
  model: plain('text', '', 'Наименование'),
  serial_number: plain('text', '', 'Серийный номер'),
  inventar_number: plain<string | null>('text', null, 'Инвентарный номер'),
  owner_type_id: plain<number | null>('int', null, 'Принадлежность', { kind: 'enum', title: (v) => ownerTypeTitles[Number(v)] ?? null }),
  cost_remain: plain<number | null>('text', null, 'Остаточная стоимость'),
  exchange_stock: plain('bool', false, 'Обменный фонд'),
  work_in_dt: plain<string | null>('date', null, 'Дата ввода в эксплуатацию'),
  guaranty_dt: plain<string | null>('date', null, 'Дата окончания гарантии'),
  work_out_dt: plain<string | null>('date', null, 'Дата вывода из эксплуатации'),
  state: plain<ToolState>('int', 5, 'Состояние', { kind: 'enum', title: (v) => toolStateTitles[Number(v) as ToolState] ?? null }),
  buh_name: plain<string | null>('text', null, 'Бухгалтерское наименование'),
  description: plain<string | null>('text', null, 'Примечание'),
  tool_softwares: list<number[]>([], 'Программное обеспечение', 'software'),
  traits: list<ToolFields['traits']>([], 'Характеристики', 'traits'),
  tool_places: list<ToolFields['tool_places']>([], 'Размещение', 'places'),
  tool_movings: list<ToolFields['tool_movings']>([], 'Движение', 'movings'),
  files: list<ToolFields['files']>([], 'Файлы', ['documents', 'pictures']),
};

export const toolFieldNames = fieldNamesOf(toolFields);
export const toolFieldTitles = titlesOf(toolFields);
export const toolFieldsInGroup = (group: ToolGroup) => fieldsInGroup(toolFields, group);

/** A new tool's values (fresh lists per call); equipment.md 3: state waiting, owner type base. */
export const emptyToolFields = (): ToolFields => ({
  unit_id: 0,
  tools_set_id: null,
  tool_kind_id: 0,
  manufacturer_id: 0,
  model_id: null,
  model: '',
  serial_number: '',
  inventar_number: null,
  owner_type_id: 2,
  cost_remain: null,
  exchange_stock: false,
  work_in_dt: null,
  guaranty_dt: null,
  work_out_dt: null,
  state: 5,
  buh_name: null,
  description: null,
  tool_softwares: [],
  traits: [],
  tool_places: [],
  tool_movings: [],
  files: [],
});
