/**
 * The spares rows the server answers and the request dialog reads: one contract for the read side
 * that builds them (projections/spares) and the web that shows them.
 */

/** A stock item offered to a request (spare search dialog): set, code, title, cost, remaining. */
export interface SpareOffer {
  id: number;
  item_id: number;
  spares_set_id: number;
  set_title: string;
  contract: string;
  region_id: number | null;
  code: number | null;
  title: string;
  cost?: number;
  amount: number;
  remaining: number;
}

/** A request's spares from the stock: item, set, code, title, cost, amount. */
export interface RequestSpare {
  spare_id: number;
  item_id: number;
  spares_set_id: number;
  set_title: string | null;
  code: number | null;
  title: string;
  cost?: number;
  amount: number;
  /** The most this request may hold of the item: the stock left plus what it holds now. */
  remaining: number;
}
