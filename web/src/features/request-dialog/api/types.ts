/**
 * The answers the dialog reads. The server's own types are the source of truth (type-only
 * imports: nothing of the server reaches the bundle); the zod checks in request-dialog-api.ts
 * guard the parts the dialog's logic depends on.
 */
import type { RequestView as ServerRequestView } from '../../../../../projections/request/list/view';
import type { ToolInfo as ServerToolInfo } from '../../../../../projections/request/list/names';
import type { RequestHistoryEntry } from '../../../../../projections/request/history/queries';
import type { RequestComment } from '../../../../../projections/request/comments/queries';
import type { ToolRow as ServerToolRow } from '../../../../../projections/tool/list/queries';
import type { SpareOffer as ServerSpareOffer } from '../../../../../projections/spares/queries';
import type { FileRef } from '@domain/request/state';

/** A saved request always has its id (the zod check of the answer makes sure). */
export type RequestView = ServerRequestView & { id: number };
export type ToolInfo = ServerToolInfo;
export type ToolRow = ServerToolRow;
export type SpareOffer = ServerSpareOffer;
export type HistoryEntry = RequestHistoryEntry;
export type Comment = Omit<RequestComment, 'files'> & { files: FileRef[] };

/** Every save and button answers the dialog's view of the request after the change. */
export interface SaveAnswer {
  message: string;
  savedRequest: RequestView;
  notices?: string[];
}

export interface ToolPage {
  tools: ToolRow[];
  pagesCount: number;
  itemsCount: number;
}

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

export interface ToolsForCommissioning {
  toolsSets: CommissioningSet[];
  tools: ToolRow[];
}

/** An executor of GET /api/engineers/{regionId}. */
export interface Executor {
  id: number;
  fio: string;
  organization_name: string | null;
  hotline_worker: boolean;
}

/** A registered user offered as the contact person. */
export interface ContactCandidate {
  id: number;
  fio: string;
}

/** GET /api/tool/{filter}: the equipment search of the dialog. */
export interface ToolFilter {
  unit_id: number | null;
  tool_set_name_id: number | null;
  tool_kind_id: number | null;
  manufacturer_id: number | null;
  tool_model: string;
  serial_number: string;
  inventar_number: string;
  pageNumber: number;
}

/** GET /api/spares_sets/{filter}: spares with a remainder, not yet in the request. */
export interface SpareFilter {
  request_id: number | null;
  region_id: number | null;
  title: string;
}
