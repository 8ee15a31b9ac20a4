/** The card's tabs (equipment.md 2), in their order. */
export type ToolCardTab = 'general' | 'traits' | 'software' | 'documents' | 'pictures' | 'movings' | 'places' | 'history';

export const toolTabTitles: Record<ToolCardTab, string> = {
  general: 'Общие',
  traits: 'Характеристики',
  software: 'Программное обеспечение',
  documents: 'Документы',
  pictures: 'Изображения',
  movings: 'Перемещение',
  places: 'Размещение',
  history: 'История',
};

export const toolTabOrder: readonly ToolCardTab[] = ['general', 'traits', 'software', 'documents', 'pictures', 'movings', 'places', 'history'];

/** The tab holding a form path ('tool_places.0.room' -> places). */
export const tabOfPath = (path: string): ToolCardTab => {
  const root = path.split('.')[0] ?? '';
  if (root === 'traits') return 'traits';
  if (root === 'tool_softwares') return 'software';
  if (root === 'documents') return 'documents';
  if (root === 'pictures') return 'pictures';
  if (root === 'tool_movings') return 'movings';
  if (root === 'tool_places') return 'places';
  return 'general';
};

/** The General tab's fields: leaving the tab is blocked while any of them has an error. */
export const generalFields = [
  'unit_id',
  'tools_set_id',
  'tool_kind_id',
  'manufacturer_id',
  'model_id',
  'model',
  'serial_number',
  'inventar_number',
  'owner_type_id',
  'cost_remain',
  'exchange_stock',
  'work_in_dt',
  'guaranty_months',
  'work_out_dt',
  'state',
  'buh_name',
  'description',
] as const;
