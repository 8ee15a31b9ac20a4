import { formatDate, parseRuDate } from '@domain/shared/dates';
import type { ToolFileSection, ToolMoving, ToolPlace, ToolTrait } from '@domain/tool/events';
import { OwnerType, ToolState } from '@domain/tool/states';
import type { ToolCard, ToolCardInputJson } from '../api/types';

/** A file of the card: a stored one (kept unless removed) or a new one waiting for the save. */
export type FormFile =
  | { readonly kind: 'kept'; readonly file_id: string; readonly file_name: string; readonly size: number; readonly section: ToolFileSection }
  | { readonly kind: 'new'; readonly key: string; readonly file_name: string; readonly size: number; readonly section: ToolFileSection };

export type FormPlace = ToolPlace & { readonly unit_name?: string | null };
export type FormMoving = ToolMoving & { readonly event_title?: string | null };

/**
 * The card as the form edits it: dates as the typed DD.MM.YYYY text (a half-typed date is an error,
 * not a silent null), the residual cost as typed, the lists as they will be sent.
 */
export interface ToolFormValues {
  id: number | null;
  unit_id: number | null;
  tools_set_id: number | null;
  tool_kind_id: number | null;
  manufacturer_id: number | null;
  model_id: number | null;
  model: string;
  serial_number: string;
  inventar_number: string | null;
  owner_type_id: number | null;
  cost_remain: string | null;
  exchange_stock: boolean;
  work_in_dt: string | null;
  /** The stored warranty end 'YYYY-MM-DD' (read-only; months recompute it). */
  guaranty_dt: string | null;
  guaranty_months: number | null;
  work_out_dt: string | null;
  state: number | null;
  buh_name: string | null;
  description: string | null;
  tool_softwares: number[];
  traits: ToolTrait[];
  tool_places: FormPlace[];
  tool_movings: FormMoving[];
  files: FormFile[];
}

/** The date fields the form keeps as DD.MM.YYYY text. */
export const formDateFields = ['work_in_dt', 'work_out_dt'] as const;

/** A new tool (equipment.md 3: state waiting, owner type base), in `unitId` when the choice is known. */
export const newToolValues = (unitId: number | null, toolsSetId: number | null = null): ToolFormValues => ({
  id: null,
  unit_id: unitId,
  tools_set_id: toolsSetId,
  tool_kind_id: null,
  manufacturer_id: null,
  model_id: null,
  model: '',
  serial_number: '',
  inventar_number: null,
  owner_type_id: OwnerType.BASE,
  cost_remain: null,
  exchange_stock: false,
  work_in_dt: null,
  guaranty_dt: null,
  guaranty_months: null,
  work_out_dt: null,
  state: ToolState.WAITING,
  buh_name: null,
  description: null,
  tool_softwares: [],
  traits: [],
  tool_places: [],
  tool_movings: [],
  files: [],
});

const textOfDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : null);

/** The form of a tool as the card (or a set, for its member tools) sends or loads it. */
export const formValuesOf = (tool: ToolCard | ToolCardInputJson): ToolFormValues => {
  const files: FormFile[] =
    'filesListDocs' in tool
      ? [...tool.filesListDocs, ...tool.filesListPictures].map((f) => ({ kind: 'kept', file_id: f.file_id, file_name: f.file_name, size: f.size, section: f.section }))
      : [];
  return {
    id: tool.id,
    unit_id: tool.unit_id,
    tools_set_id: tool.tools_set_id,
    tool_kind_id: tool.tool_kind_id,
    manufacturer_id: tool.manufacturer_id,
    model_id: tool.model_id,
    model: tool.model,
    serial_number: tool.serial_number,
    inventar_number: tool.inventar_number,
    owner_type_id: tool.owner_type_id,
    cost_remain: tool.cost_remain === null ? null : String(tool.cost_remain),
    exchange_stock: tool.exchange_stock,
    work_in_dt: textOfDate(tool.work_in_dt),
    guaranty_dt: tool.guaranty_dt,
    guaranty_months: 'guaranty_months' in tool ? (tool.guaranty_months ?? null) : null,
    work_out_dt: textOfDate(tool.work_out_dt),
    state: tool.state,
    buh_name: tool.buh_name,
    description: tool.description,
    tool_softwares: [...(tool.tool_softwares ?? [])],
    traits: [...(tool.traits ?? [])],
    tool_places: [...(tool.tool_places ?? [])],
    tool_movings: [...(tool.tool_movings ?? [])],
    files,
  };
};

/**
 * A copy (equipment.md 2): a new tool with the source's fields; ids, serial, inventory and files
 * cleared, and outside any set (a set takes tools only through its own save).
 */
export const copiedValues = (source: ToolCard): ToolFormValues => ({
  ...formValuesOf(source),
  id: null,
  tools_set_id: null,
  serial_number: '',
  inventar_number: null,
  files: [],
});

/** A typed DD.MM.YYYY as 'YYYY-MM-DD'; an unreadable text stays as typed (the schema then refuses it). */
export const isoOf = (text: string | null): string | null => {
  if (text === null || text.trim() === '') return null;
  return parseRuDate(text) ?? text;
};

const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);

/** The card's fields as the save and the shared schema take them (without files). */
export const inputOf = (values: ToolFormValues): ToolCardInputJson => ({
  id: values.id,
  unit_id: values.unit_id as number,
  tools_set_id: values.tools_set_id,
  tool_kind_id: values.tool_kind_id as number,
  manufacturer_id: values.manufacturer_id as number,
  model_id: values.model_id,
  model: values.model,
  serial_number: values.serial_number,
  inventar_number: blankToNull(values.inventar_number),
  owner_type_id: values.owner_type_id,
  cost_remain: blankToNull(values.cost_remain) as unknown as number | null,
  exchange_stock: values.exchange_stock,
  work_in_dt: isoOf(values.work_in_dt),
  guaranty_dt: values.guaranty_dt,
  guaranty_months: values.guaranty_months,
  work_out_dt: isoOf(values.work_out_dt),
  state: values.state as ToolState,
  buh_name: blankToNull(values.buh_name),
  description: blankToNull(values.description),
  tool_softwares: values.tool_softwares,
  traits: values.traits,
  tool_places: values.tool_places.map(({ date_time, unit_id, room, man_post, man_fio }) => ({ date_time, unit_id, room, man_post, man_fio })),
  tool_movings: values.tool_movings.map(({ date_time, event_id, comment }) => ({ date_time, event_id, comment })),
});
