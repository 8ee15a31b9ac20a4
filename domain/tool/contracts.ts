/**
 * The tool rows the server answers and the client reads (GET /api/tool, the request dialog's
 * equipment pickers, the exports): one contract for the read side that builds them
 * (projections/tool/list, projections/request/list/names) and the web that shows them.
 */

/** A tool as a request names it: its ids, titles and one line for lists and pickers. */
export interface ToolInfo {
  id: number;
  unit_id: number | null;
  tools_set_id: number | null;
  tool_kind_id: number | null;
  tool_kind: string | null;
  manufacturer_id: number | null;
  manufacturer: string | null;
  model_id: number | null;
  model: string | null;
  serial_number: string | null;
  inventar_number: string | null;
  guaranty_dt: string | null;
  work_in_dt: string | null;
  state: number | null;
  stateTitle: string | null;
  /** One line: kind, manufacturer, model, serial and inventory numbers (empty placeholders left out). */
  title: string;
}

/** A row of the equipment list (equipment.md 2 '/tools') and of the exports. */
export interface ToolRow extends ToolInfo {
  unit_name: string | null;
  unit_address: string | null;
  organization_name: string | null;
  region_id: number | null;
  region_title: string | null;
  set_inventar_number: string | null;
  set_buh_name: string | null;
  tool_set_name_id: number | null;
  tool_set_name: string | null;
  owner_type_id: number | null;
  ownerTypeTitle: string | null;
  cost_remain: number | null;
  exchange_stock: boolean;
  description: string | null;
  buh_name: string | null;
}

/** A set a commissioning request may take: every tool of it waits for the balance (requests.md 2.5). */
export interface CommissioningSet {
  id: number;
  unit_id: number;
  inventar_number: string;
  buh_name: string | null;
  tool_set_name_id: number;
  tool_set_name: string | null;
  work_in_dt: string | null;
  tools: ToolRow[];
}

/** GET /api/tools_for_commissioning: the unit's waiting sets and its waiting tools in no set. */
export interface ToolsForCommissioning {
  toolsSets: CommissioningSet[];
  tools: ToolRow[];
}
