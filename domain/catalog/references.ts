/**
 * Fields of catalogue items that name items of other catalogues (decisions 8, 13): each id
 * must exist when it is saved. Enumerations (request kinds, program and service types) are
 * checked by the item schemas themselves.
 */
export interface CatalogReference {
  readonly field: string;
  /** Name of the referenced catalogue (CatalogDefinition.name). */
  readonly catalog: string;
  readonly message: string;
}

const TOOL_KIND_MISSING = 'Вид оборудования не найден';

export const catalogReferences: Readonly<Record<string, readonly CatalogReference[]>> = {
  services_repairs: [{ field: 'region_id', catalog: 'regions', message: 'Регион не найден' }],
  common_disrepairs: [{ field: 'common_disrepair_tool_kinds', catalog: 'tool_kind', message: TOOL_KIND_MISSING }],
  tool_kind: [{ field: 'traits', catalog: 'tools_traits', message: 'Характеристика не найдена' }],
  tool_model: [
    { field: 'tool_kind_id', catalog: 'tool_kind', message: TOOL_KIND_MISSING },
    { field: 'manufacturer_id', catalog: 'manufacturer', message: 'Производитель не найден' },
  ],
  programs: [
    { field: 'gas_sub_system_id', catalog: 'programs_subsystems', message: 'Подсистема не найдена' },
    { field: 'programs_org_types', catalog: 'organization_kind', message: 'Вид организации не найден' },
  ],
};

export const referencesOf = (catalog: string): readonly CatalogReference[] => catalogReferences[catalog] ?? [];

/** The ids a value of a reference field names (one id or a list of them). */
export const referencedIds = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0);

/** Existing ids per referenced catalogue, as the handler found them. */
export type KnownReferences = Readonly<Record<string, readonly number[]>>;

/**
 * The first reference of `after` that is not known, among the values that differ from `before`
 * (an unchanged reference was checked when it was saved).
 */
export const unknownReference = (
  catalog: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  known: KnownReferences,
): CatalogReference | null => {
  for (const ref of referencesOf(catalog)) {
    const old = new Set(referencedIds(before?.[ref.field]));
    const ids = referencedIds(after[ref.field]).filter((id) => !old.has(id));
    if (ids.some((id) => !(known[ref.catalog] ?? []).includes(id))) return ref;
  }
  return null;
};
