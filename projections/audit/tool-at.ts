import { sql, type CommonQueryMethods } from 'slonik';
import { toolDecider, type ToolAggregate, type ToolEvent } from '../../domain/tool/decider';
import { toolStreamId } from '../../domain/tool/events';
import { eventsUpTo } from '../../domain/audit/moment';
import { foldEvents } from '../../domain/shared/decider';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { placeAndMovingNames, type ToolCard } from '../tool/list/card';

type Db = Pick<CommonQueryMethods, 'any' | 'maybeOne'>;

/**
 * The tool card as it was at `at` (decisions 97–99): the tool stream folded up to that moment with the
 * tool decider's evolve (not the read model), shaped like GET /api/tool_card; names (kind, model,
 * unit, set) come from today's references. Null before the first event or while it was absent.
 */
export const toolCardAt = async (db: Db, store: EventStore, id: number, at: number): Promise<ToolCard | null> => {
  const events = eventsUpTo(await store.readStream(toolStreamId(id)), at);
  if (events.length === 0) return null;
  const state: ToolAggregate = foldEvents(toolDecider, events.map((e) => ({ type: e.type, data: e.data }) as ToolEvent));
  const t = state.tool;
  if (!t || state.status === 'absent') return null;
  const names = await db.maybeOne(sql.unsafe`
    SELECT
      (SELECT title FROM rm_catalog_items WHERE catalog = 'tool_kind' AND id = ${t.tool_kind_id}) AS tool_kind,
      (SELECT coalesce((data->>'soft_updatable')::boolean, false) FROM rm_catalog_items WHERE catalog = 'tool_kind' AND id = ${t.tool_kind_id}) AS soft_updatable,
      (SELECT title FROM rm_catalog_items WHERE catalog = 'manufacturer' AND id = ${t.manufacturer_id}) AS manufacturer,
      (SELECT title FROM rm_catalog_items WHERE catalog = 'tool_model' AND id = ${t.model_id ?? 0}) AS model_title,
      u.name AS unit_name, u.address AS unit_address, u.region_id,
      (SELECT s.inventar_number FROM rm_tools_sets s WHERE s.id = ${t.tools_set_id ?? 0}) AS set_inventar_number,
      (SELECT sn.title FROM rm_tools_sets s JOIN rm_catalog_items sn ON sn.catalog = 'tools_sets_names' AND sn.id = s.type_id WHERE s.id = ${t.tools_set_id ?? 0}) AS tool_set_name
    FROM (SELECT 1) one LEFT JOIN rm_units u ON u.id = ${t.unit_id}`);
  const places = t.tool_places ?? [];
  const movings = t.tool_movings ?? [];
  const named = await placeAndMovingNames(db, places, movings);
  const files = t.files ?? [];
  const str = (v: unknown) => (v == null ? null : String(v));
  return {
    ...t,
    id,
    revision: events[events.length - 1]!.revision,
    deleted: state.status === 'deleted',
    files,
    tool_kind: str(names?.tool_kind),
    manufacturer: str(names?.manufacturer),
    model_title: str(names?.model_title),
    unit_name: str(names?.unit_name),
    unit_address: str(names?.unit_address),
    region_id: names?.region_id == null ? null : Number(names.region_id),
    soft_updatable: Boolean(names?.soft_updatable),
    set_inventar_number: str(names?.set_inventar_number),
    tool_set_name: str(names?.tool_set_name),
    filesListDocs: files.filter((f) => f.section === 'tool_docs'),
    filesListPictures: files.filter((f) => f.section === 'tool_pictures'),
    tool_places: places.map(named.place),
    tool_movings: movings.map(named.moving),
  };
};
