import type { DomainEvent } from '../shared/events';
import type { FieldChange } from '../shared/validation';
import type { FileRef } from '../request/state';
import type { ToolState } from './states';

/**
 * The events of the tool and tools-set streams (decisions 41–47). Events written by earlier versions
 * lack the lists (traits, places, movings, files): evolve and the projections default them to [].
 */

/** A characteristic of a tool: the trait and the value chosen from the trait's values. */
export interface ToolTrait {
  tool_trait_id: number;
  trait_value_id: number;
}

/** A location entry (equipment.md 3): where the tool stands since `date_time`. */
export interface ToolPlace {
  /** YYYY-MM-DD */
  date_time: string;
  unit_id: number;
  room: string;
  man_post: string | null;
  man_fio: string | null;
}

/** A movement entry (equipment.md 3): an event of the movement catalogue on a day. */
export interface ToolMoving {
  /** YYYY-MM-DD */
  date_time: string;
  event_id: number;
  comment: string | null;
}

export type ToolFileSection = 'tool_docs' | 'tool_pictures';
export type ToolFile = FileRef & { section: ToolFileSection };

/** Every field of the tool card, as the events carry it. */
export interface ToolFields {
  unit_id: number;
  tools_set_id: number | null;
  tool_kind_id: number;
  manufacturer_id: number;
  model_id: number | null;
  model: string;
  serial_number: string;
  inventar_number: string | null;
  owner_type_id: number | null;
  cost_remain: number | null;
  exchange_stock: boolean;
  work_in_dt: string | null;
  guaranty_dt: string | null;
  work_out_dt: string | null;
  state: ToolState;
  buh_name: string | null;
  description: string | null;
  /** Program ids; only for kinds whose catalogue item is soft_updatable. */
  tool_softwares: number[];
  traits: ToolTrait[];
  tool_places: ToolPlace[];
  tool_movings: ToolMoving[];
  files: ToolFile[];
}

/** Why a tool's state changed when a request changed it (requests.md 4.2, commissioning). */
export interface ToolStateReason {
  readonly request_id: number;
  readonly request_number: number | null;
}

/** The set's own fields (equipment.md 3). */
export interface ToolsSetFields {
  unit_id: number;
  inventar_number: string;
  type_id: number;
  owner_type_id: number;
  buh_name: string;
  work_in_dt: string | null;
}
/** The contract's name for the set's fields. */
export type ToolsSetInput = ToolsSetFields;

export type ToolEvent =
  | DomainEvent<'ToolRegistered', { id: number; tool: ToolFields }>
  | DomainEvent<'ToolUpdated', { id: number; tool: ToolFields; changes: FieldChange[] }>
  | DomainEvent<'ToolStateChanged', { id: number; state: ToolState; previous: number; reason: ToolStateReason | null }>
  | DomainEvent<'ToolDeleted', { id: number }>;

export type ToolsSetEvent =
  | DomainEvent<'ToolsSetRegistered', { id: number; set: ToolsSetInput; tool_ids: number[] }>
  | DomainEvent<'ToolsSetUpdated', { id: number; set: ToolsSetInput; tool_ids: number[]; removed_tool_ids: number[]; changes: FieldChange[] }>
  | DomainEvent<'ToolsSetDeleted', { id: number; tool_ids: number[] }>;

export type ToolEventType = ToolEvent['type'];
export type ToolsSetEventType = ToolsSetEvent['type'];

/** Schema versions (none bumped yet: old events are read with defaults). */
export const toolSchemaVersions: Readonly<Partial<Record<ToolEventType, number>>> = {};
export const toolsSetSchemaVersions: Readonly<Partial<Record<ToolsSetEventType, number>>> = {};

export const toolStreamId = (id: number) => `tool-${id}`;
export const toolsSetStreamId = (id: number) => `tools_set-${id}`;

/** The lists an old event lacks, as empty arrays. */
export const withToolListDefaults = (tool: Partial<ToolFields> & Omit<ToolFields, 'traits' | 'tool_places' | 'tool_movings' | 'files' | 'tool_softwares'>): ToolFields => ({
  ...tool,
  tool_softwares: tool.tool_softwares ?? [],
  traits: tool.traits ?? [],
  tool_places: tool.tool_places ?? [],
  tool_movings: tool.tool_movings ?? [],
  files: tool.files ?? [],
});
