/**
 * Spare-parts sets (Комплекты ЗИП) as the request dialog and the spares screen read them. They are
 * applied by the `requests` projection (projections/request/list/projection.ts) because a request's
 * spares, their cost (cost_spares) and its history come from the same events in the same order:
 * item data (code, title, cost) is looked up when an allocation is applied, which one projection
 * can do in log order without reading another read model.
 *
 * - rm_spares_sets: the set (region, title, contract).
 * - rm_spares_items: the stock item, `allocated` = the sum over requests (remaining = amount - allocated).
 * - rm_request_spares: a request's allocation per set and item, with the item's code, title and cost.
 */
export const sparesSchema = /* sql */ `
    CREATE TABLE rm_spares_sets (
      id integer PRIMARY KEY,
      region_id integer,
      title text NOT NULL,
      contract text NOT NULL
    );
    CREATE INDEX rm_spares_sets_region ON rm_spares_sets (region_id);
    CREATE TABLE rm_spares_items (
      spares_set_id integer NOT NULL,
      id integer NOT NULL,
      code bigint,
      title text NOT NULL,
      cost numeric(14,2) NOT NULL,
      amount integer NOT NULL,
      allocated integer NOT NULL DEFAULT 0,
      PRIMARY KEY (spares_set_id, id)
    );
    CREATE TABLE rm_request_spares (
      request_id integer NOT NULL,
      spares_set_id integer NOT NULL,
      item_id integer NOT NULL,
      code bigint,
      title text NOT NULL,
      cost numeric(14,2) NOT NULL,
      amount integer NOT NULL,
      PRIMARY KEY (request_id, spares_set_id, item_id)
    );
    CREATE INDEX rm_request_spares_item ON rm_request_spares (spares_set_id, item_id);
`;

export const sparesSetIdOf = (streamId: string): number | null => {
  const m = /^spares_set-(\d+)$/.exec(streamId);
  return m ? Number(m[1]) : null;
};
