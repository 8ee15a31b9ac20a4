import type { ToolFields, ToolFile, ToolMoving, ToolPlace } from '@domain/tool/events';
import type { ToolCardFields } from '@domain/tool/schemas';

/** GET /api/tool_card/{id}: every card field plus its names, files and revision (decisions 41–47). */
export interface ToolCard extends Omit<ToolFields, 'tool_places' | 'tool_movings' | 'files'> {
  readonly id: number;
  readonly revision: number;
  readonly tool_kind?: string | null;
  readonly manufacturer?: string | null;
  readonly unit_name?: string | null;
  readonly region_id?: number | null;
  readonly tool_set_name?: string | null;
  readonly set_inventar_number?: string | null;
  readonly filesListDocs: ToolFile[];
  readonly filesListPictures: ToolFile[];
  readonly tool_places: (ToolPlace & { unit_name?: string | null })[];
  readonly tool_movings: (ToolMoving & { event_title?: string | null })[];
}

/** What the card sends (and what a set carries for each of its tools): the fields plus the id. */
export type ToolCardInputJson = ToolCardFields & { id: number | null; revision?: number; guaranty_months?: number | null };

export interface ToolKindTrait {
  readonly tool_trait_id: number;
  readonly title: string;
  readonly values: readonly { value_id: number; value_title: string }[];
  readonly trait_value_id: number | null;
}

export interface ToolKindTraits {
  readonly traits: readonly ToolKindTrait[];
  readonly soft_updatable: boolean;
}

/** A row of GET /api/tool_history/{id}. */
export interface ToolHistoryRow {
  readonly history_type: 'attribute' | 'request' | 'registered' | 'state' | 'deleted' | 'inventory';
  readonly date_time_d: string | null;
  readonly user_id: number | null;
  readonly user_name: string | null;
  readonly object_attr: string | null;
  readonly object_attr_title: string | null;
  readonly value_old: string | null;
  readonly value_new: string | null;
  readonly request_id: number | null;
  readonly request_number: number | null;
  readonly request_kind_id: number | null;
  readonly request_status_id: number | null;
}

export interface ToolsSetRow {
  readonly id: number;
  readonly unit_id: number;
  readonly unit_name: string | null;
  readonly unit_address: string | null;
  readonly region_id: number | null;
  readonly type_id: number;
  readonly type_name: string | null;
  readonly inventar_number: string;
  readonly owner_type_id: number | null;
  readonly buh_name: string | null;
  readonly work_in_dt: string | null;
  readonly tools_count: number;
}

export interface ToolsSetFilter {
  readonly units_ids?: number[];
  readonly type_id?: number;
  readonly inventar_number?: string;
}

export interface ToolsSetPage {
  readonly toolsSets: ToolsSetRow[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

export interface ToolsSetView {
  readonly toolsSet: {
    readonly id: number;
    readonly unit_id: number;
    readonly type_id: number;
    readonly inventar_number: string;
    readonly owner_type_id: number;
    readonly buh_name: string;
    readonly work_in_dt: string | null;
    readonly revision?: number;
  };
  readonly tools: ToolCard[];
}

export interface ToolsSetSaveBody {
  readonly toolsSet: Record<string, unknown>;
  readonly tools: ToolCardInputJson[];
  readonly oldToolsIds: number[];
}

export interface SaveAnswer {
  readonly message: string;
  readonly id: number;
}
