import { programTypeOfRequestKind } from '../catalog/definitions';
import { requestMessages } from './messages';
import { invalid } from '../shared/errors';
import { ContactKind, PerformerKind } from './enums';
import { sameValue, type RequestData } from './state';

/**
 * What the handler found for the ids a request command names (read models of units, tools, users
 * and the catalogue). The decider checks here that every id exists and lies within the request's
 * unit or region, so a command can never tie a request to a foreign tool, contact or executor.
 */
export interface UnitReference {
  id: number;
  region_id: number;
  organization_id: number;
  /** The host organisation of the unit's organisation (its staff may be contacts too), or null. */
  host_organization_id: number | null;
}

/** An active (not deleted, not inactive) user account. */
export interface UserReference {
  id: number;
  organization_id: number | null;
  /** Region of the user's organisation. */
  region_id: number | null;
  /** Holds role 2 (engineer). */
  engineer: boolean;
  /** Hot line staff (hotline_worker). */
  hotline: boolean;
}

/** A tool that exists and is not deleted, with the unit it stands in. */
export interface ToolReference {
  id: number;
  unit_id: number;
}

export interface RequestReferences {
  /** The unit the request names, null when it does not exist or is deleted. */
  unit: UnitReference | null;
  /** Tools named by the request (tool_id, commissioning tools) that exist. */
  tools: ToolReference[];
  /** Users named by the request (contact, executors) that exist and are active. */
  users: UserReference[];
  /** Catalogue ids named by the request that exist, by field. */
  catalog: Partial<Record<CatalogReferenceField, boolean>>;
}

export const catalogReferenceFields = ['program_id', 'subsystem_id', 'service_repair_id'] as const;
export type CatalogReferenceField = (typeof catalogReferenceFields)[number];

export const referenceMessages = {
  region: 'Нужно выбрать',
  unit: 'Объект не найден',
  regionOfUnit: 'Объект не относится к выбранному региону',
  tool: 'Оборудование не найдено в выбранном объекте',
  contact: 'Контактное лицо не найдено',
  executorUnknown: 'Исполнитель не найден',
  executorFilial: 'Исполнитель должен быть инженером филиала региона заявки',
  executorSenior: 'Исполнитель должен быть сотрудником Техподдержки (ГЛ)',
  catalog: {
    program_id: 'Программное обеспечение не найдено',
    subsystem_id: 'Подсистема не найдена',
    service_repair_id: 'Сервисный центр не найден',
  } satisfies Record<CatalogReferenceField, string>,
} as const;

const refuse = (field: string, message: string): never => {
  throw invalid(message, { [field]: message });
};

/** Values the field reactions derive from the lookups themselves (they come from the catalogue). */
export interface DerivedValues {
  subsystem_id?: number | null;
  service_repair_id?: number | null;
  /** The chosen program's type (catalogue reading), when found. */
  program_type?: number | null;
  /** The program id the type was looked up for (a stale lookup judges nothing). */
  program_type_of?: number | null;
}

/**
 * Checks the references of `next` that differ from `before` (all of them for a new request): an
 * old value stays valid even if its catalogue item was deleted later, a changed one must exist now.
 */
export const checkRequestReferences = (
  before: RequestData,
  next: RequestData,
  refs: RequestReferences,
  derived: DerivedValues = {},
): void => {
  const changed = (f: keyof RequestData) => !sameValue(before[f], next[f]);
  const unitChanged = changed('unit_id') || changed('region_id');
  if (next.region_id == null && (unitChanged || before.region_id != null)) refuse('region_id', referenceMessages.region);
  const unit = next.unit_id != null && refs.unit?.id === next.unit_id ? refs.unit : null;
  if (next.unit_id != null && !unit && unitChanged) refuse('unit_id', referenceMessages.unit);
  if (unit && unitChanged && next.region_id !== unit.region_id) refuse('unit_id', referenceMessages.regionOfUnit);

  const inUnit = (toolId: number) => refs.tools.some((t) => t.id === toolId && t.unit_id === next.unit_id);
  if (next.tool_id != null && (changed('tool_id') || unitChanged) && !inUnit(next.tool_id)) refuse('tool_id', referenceMessages.tool);
  const newCommissioning = next.tools_commissioning.filter((t) => !before.tools_commissioning.some((b) => b.tool_id === t.tool_id));
  const commissioning = unitChanged ? next.tools_commissioning : newCommissioning;
  if (commissioning.some((t) => !inUnit(t.tool_id))) refuse('tools_commissioning', referenceMessages.tool);

  if (
    next.contact_kind === ContactKind.FROM_IAC &&
    next.contact_id != null &&
    (changed('contact_id') || changed('contact_kind') || unitChanged)
  ) {
    const contact = refs.users.find((u) => u.id === next.contact_id);
    const organisations = unit ? [unit.organization_id, unit.host_organization_id] : [];
    if (!contact || contact.hotline || contact.organization_id == null || !organisations.includes(contact.organization_id))
      refuse('contact_id', referenceMessages.contact);
  }

  for (const field of catalogReferenceFields) {
    const value = next[field];
    if (value == null || !changed(field) || refs.catalog[field]) continue;
    if (field !== 'program_id' && derived[field] === value) continue;
    refuse(field, referenceMessages.catalog[field]);
  }

  // A software request takes a program of its own type: special software for kind 4, common for kind 1.
  const wantedType = next.request_kind_id == null ? undefined : programTypeOfRequestKind[next.request_kind_id];
  if (next.program_id != null && wantedType !== undefined && derived.program_type != null && derived.program_type_of === next.program_id && (changed('program_id') || changed('request_kind_id')) && derived.program_type !== wantedType)
    refuse('program_id', requestMessages.program);
};

/**
 * Executors of a request: engineers (role 2) of the request's region for a branch request, hot
 * line staff for a request of the senior contractor (performer kind SENIOR).
 */
export const checkExecutors = (
  ids: readonly number[],
  request: { request_performer_kind: PerformerKind; region_id: number | null },
  users: readonly UserReference[],
): void => {
  for (const id of ids) {
    const user = users.find((u) => u.id === id);
    if (!user) refuse('engineers', referenceMessages.executorUnknown);
    if (request.request_performer_kind === PerformerKind.SENIOR) {
      if (!user!.hotline) refuse('engineers', referenceMessages.executorSenior);
    } else if (!user!.engineer || user!.hotline || user!.region_id == null || user!.region_id !== request.region_id) {
      refuse('engineers', referenceMessages.executorFilial);
    }
  }
};
