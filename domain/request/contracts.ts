import type { RequestActionName } from './actions';
import type { RequestFields } from './fields';
import type { EditableItem } from './rules';
import type { FileRef, RequestState } from './state';
import type { RequestSpare } from '../spares/contracts';
import type { ToolInfo } from '../tool/contracts';

/**
 * The request rows the server answers and the client reads: the list (GET /api/request), the
 * dialog's view (GET /api/request_single/{id} and every save's answer), its history and chat. One
 * contract for the read side that builds them (projections/request) and the web that shows them.
 */

/** A row of the request list: what the columns of requests.md 2.1 show, with titles. */
export interface RequestListRow {
  id: number;
  number: number | null;
  request_performer_kind: string;
  performerKindTitle: string;
  request_date_add: string;
  hotlinegas_number: string | null;
  result_d: string | null;
  region_id: number | null;
  unit_id: number | null;
  unit_name: string | null;
  organization_id: number | null;
  organization_name: string | null;
  request_kind_id: number | null;
  kindTitle: string;
  request_status_id: number;
  statusTitle: string;
  request_text: string;
  revision: number;
}

export interface CostItem {
  title: string;
  cost?: number;
}

/**
 * Everything the request dialog shows (GET /api/request_single/{id}); the write routes answer a save
 * with the same shape (savedRequest). Scalar fields, lists and `actions`/`editable` all come from the
 * request's own stream, so the buttons shown are exactly the commands the server accepts now; names
 * and the stock spares come from the read models.
 */
export interface RequestView extends RequestFields {
  /** Stream revision: send it back with a save for optimistic concurrency. */
  revision: number;
  statusTitle: string;
  kindTitle: string;
  performerKindTitle: string;
  region_title: string | null;
  unit_name: string | null;
  organization_id: number | null;
  organization_name: string | null;
  contact_fio: string | null;
  /** Who registered the request. */
  registered_by: { id: number; fio: string | null } | null;
  engineer_fio: string | null;
  program_title: string | null;
  subsystem_title: string | null;
  service_repair_title: string | null;
  tool: ToolInfo | null;
  engineers: Array<{ id: number; fio: string | null }>;
  works: CostItem[];
  sparesPbs: CostItem[];
  spares: RequestSpare[];
  toolsCommissioning: Array<{ tool_id: number; settling_place: string; instructed_person: string; tool: ToolInfo | null }>;
  students_list: Array<{ name: string; post: string }>;
  attachments: RequestState['attachments'];
  docs: RequestState['documents'];
  comments_count: number;
  /** Only with RIGHT_VIEW_COST FULL. */
  cost_work?: number;
  cost_spares?: number;
  cost_spares_pbs?: number;
  cost_total?: number;
  actions: RequestActionName[];
  editable: EditableItem[];
}

/** A row of the history tab (requests.md 2.4, 3): number, date, user, field, old and new value. */
export interface RequestHistoryEntry {
  number: number;
  date_time_d: string | null;
  user_id: number | null;
  user: string | null;
  request_attr: string;
  request_attr_title: string;
  value_old: string;
  value_new: string;
}

/** A comment of the chat tab (requests.md 3: id, request_id, comment, files, user_id, date_time_d, users to notify). */
export interface RequestComment {
  id: number;
  request_id: number;
  comment: string;
  files: FileRef[];
  user_id: number | null;
  fio: string | null;
  date_time_d: string | null;
  notify_user_ids: number[];
}
