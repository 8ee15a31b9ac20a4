/**
 * The answers the dialog reads: the domain's row contracts (domain/request, tool and spares
 * contracts.ts), which the read side builds; the zod checks in request-dialog-api.ts guard the parts
 * the dialog's logic depends on.
 */
import type { RequestComment, RequestHistoryEntry, RequestView as ServerRequestView } from '@domain/request/contracts';
import type { SpareOffer } from '@domain/spares/contracts';
import type { ToolInfo, ToolRow, ToolsForCommissioning } from '@domain/tool/contracts';

export type { SpareOffer, ToolInfo, ToolRow, ToolsForCommissioning };
/** A saved request always has its id (the zod check of the answer makes sure). */
export type RequestView = ServerRequestView & { id: number };
export type HistoryEntry = RequestHistoryEntry;
export type Comment = RequestComment;

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
