import { sql, type CommonQueryMethods } from 'slonik';
import type { ToolFields, ToolFile, ToolMoving, ToolPlace, ToolTrait } from '../../../domain/tool/events';
import type { ToolState } from '../../../domain/tool/states';
import { toolMovingEventTitle } from '../../../domain/tool/movings';
import { catalogTitle } from '../../catalog/title-sql';

type Db = Pick<CommonQueryMethods, 'any' | 'maybeOne' | 'maybeOneFirst'>;

/** A catalogue of movement events, when one is added: it extends the domain's fixed list (domain/tool/movings.ts). */
export const MOVING_EVENTS_CATALOG = 'tool_moving_events';
/** equipment.md 8: the name of an unknown movement event. */
export const UNKNOWN_EVENT = 'Событие не найдено';

/** GET /api/tool_card/{id}: every card field with the names the card shows (decisions 41–47). */
export interface ToolCard extends Omit<ToolFields, 'tool_places' | 'tool_movings'> {
  id: number;
  /** Stream revision of the tool's last event: the card sends it back on save (staleness). */
  revision: number;
  deleted: boolean;
  tool_kind: string | null;
  manufacturer: string | null;
  model_title: string | null;
  unit_name: string | null;
  unit_address: string | null;
  region_id: number | null;
  soft_updatable: boolean;
  set_inventar_number: string | null;
  tool_set_name: string | null;
  filesListDocs: ToolFile[];
  filesListPictures: ToolFile[];
  tool_places: Array<ToolPlace & { unit_name: string | null }>;
  tool_movings: Array<ToolMoving & { event_title: string }>;
}

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const day = (v: unknown): string | null => (v == null ? null : String(v).slice(0, 10));

/** The places' building names and the movings' event titles, looked up once for any number of cards. */
export const placeAndMovingNames = async (db: Pick<CommonQueryMethods, 'any'>, places: readonly ToolPlace[], movings: readonly ToolMoving[]) => {
  const unitNames = new Map<number, string>();
  if (places.length)
    for (const u of await db.any(sql.unsafe`SELECT id, name FROM rm_units WHERE id = ANY(${sql.array([...new Set(places.map((p) => Number(p.unit_id)))], 'int4')})`))
      unitNames.set(Number(u.id), String(u.name));
  const eventTitles = new Map<number, string>();
  if (movings.length)
    for (const e of await db.any(sql.unsafe`
      SELECT id, title FROM rm_catalog_items WHERE catalog = ${MOVING_EVENTS_CATALOG} AND id = ANY(${sql.array([...new Set(movings.map((m) => Number(m.event_id)))], 'int4')})`))
      eventTitles.set(Number(e.id), String(e.title));
  return {
    place: (p: ToolPlace) => ({ ...p, unit_name: unitNames.get(Number(p.unit_id)) ?? null }),
    moving: (m: ToolMoving) => ({ ...m, event_title: toolMovingEventTitle(Number(m.event_id)) ?? eventTitles.get(Number(m.event_id)) ?? UNKNOWN_EVENT }),
  };
};

/** The cards of the tools (not deleted), in the order of `ids`. */
export const toolCards = async (db: Db, ids: readonly number[]): Promise<ToolCard[]> => {
  if (ids.length === 0) return [];
  const rows = await db.any(sql.unsafe`
    SELECT t.*, k.title AS tool_kind, coalesce((k.data->>'soft_updatable')::boolean, false) AS soft_updatable,
      ${catalogTitle('manufacturer', sql.fragment`t.manufacturer_id`)} AS manufacturer,
      ${catalogTitle('tool_model', sql.fragment`t.model_id`)} AS model_title, u.name AS unit_name, u.address AS unit_address, u.region_id,
      s.inventar_number AS set_inventar_number, ${catalogTitle('tools_sets_names', sql.fragment`s.type_id`)} AS tool_set_name
    FROM rm_tools t
    LEFT JOIN rm_catalog_items k ON k.catalog = 'tool_kind' AND k.id = t.tool_kind_id
    LEFT JOIN rm_units u ON u.id = t.unit_id
    LEFT JOIN rm_tools_sets s ON s.id = t.tools_set_id
    WHERE t.id = ANY(${sql.array([...ids], 'int4')}) AND NOT t.deleted`);
  const places = rows.flatMap((r) => list<ToolPlace>(r.tool_places));
  const movings = rows.flatMap((r) => list<ToolMoving>(r.tool_movings));
  const named = await placeAndMovingNames(db, places, movings);
  const byId = new Map(
    rows.map((r) => {
      const files = list<ToolFile>(r.files);
      const card: ToolCard = {
        id: Number(r.id),
        revision: Number(r.revision),
        deleted: Boolean(r.deleted),
        unit_id: Number(r.unit_id),
        tools_set_id: r.tools_set_id == null ? null : Number(r.tools_set_id),
        tool_kind_id: Number(r.tool_kind_id),
        manufacturer_id: Number(r.manufacturer_id),
        model_id: r.model_id == null ? null : Number(r.model_id),
        model: String(r.model),
        serial_number: String(r.serial_number),
        inventar_number: (r.inventar_number as string | null) ?? null,
        owner_type_id: r.owner_type_id == null ? null : Number(r.owner_type_id),
        cost_remain: r.cost_remain == null ? null : Number(r.cost_remain),
        exchange_stock: Boolean(r.exchange_stock),
        work_in_dt: day(r.work_in_dt),
        guaranty_dt: day(r.guaranty_dt),
        work_out_dt: day(r.work_out_dt),
        state: Number(r.state) as ToolState,
        buh_name: (r.buh_name as string | null) ?? null,
        description: (r.description as string | null) ?? null,
        tool_softwares: list<number>(r.tool_softwares).map(Number),
        traits: list<ToolTrait>(r.traits),
        files,
        tool_kind: (r.tool_kind as string | null) ?? null,
        manufacturer: (r.manufacturer as string | null) ?? null,
        model_title: (r.model_title as string | null) ?? null,
        unit_name: (r.unit_name as string | null) ?? null,
        unit_address: (r.unit_address as string | null) ?? null,
        region_id: r.region_id == null ? null : Number(r.region_id),
        soft_updatable: Boolean(r.soft_updatable),
        set_inventar_number: (r.set_inventar_number as string | null) ?? null,
        tool_set_name: (r.tool_set_name as string | null) ?? null,
        filesListDocs: files.filter((f) => f.section === 'tool_docs'),
        filesListPictures: files.filter((f) => f.section === 'tool_pictures'),
        tool_places: list<ToolPlace>(r.tool_places).map(named.place),
        tool_movings: list<ToolMoving>(r.tool_movings).map(named.moving),
      };
      return [card.id, card] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((c): c is ToolCard => Boolean(c));
};

export const toolCard = async (db: Db, id: number): Promise<ToolCard | null> => (await toolCards(db, [id]))[0] ?? null;

/** The catalogue of characteristics (domain/catalog/screens.ts names it beside the catalogues). */
export const TRAITS_CATALOG = 'tools_traits';

export interface KindTrait {
  tool_trait_id: number;
  title: string;
  values: Array<{ value_id: number; value_title: string }>;
  /** The tool's value, when a tool was asked for. */
  trait_value_id: number | null;
}

/**
 * GET /api/tool_kind_traits: the characteristics of a kind (its catalogue item's traits, each with
 * its values) and whether the kind's software is kept; with a tool, the tool's value of each.
 */
export const toolKindTraits = async (db: Db, kindId: number, tool: Pick<ToolCard, 'traits'> | null): Promise<{ traits: KindTrait[]; soft_updatable: boolean } | null> => {
  const kind = await db.maybeOne(sql.unsafe`SELECT data FROM rm_catalog_items WHERE catalog = 'tool_kind' AND id = ${kindId}`);
  if (!kind) return null;
  const data = (kind.data ?? {}) as { traits?: unknown; soft_updatable?: unknown };
  const traitIds = list<unknown>(data.traits).map(Number).filter((n) => Number.isInteger(n));
  const rows = traitIds.length
    ? await db.any(sql.unsafe`
        SELECT id, title, data FROM rm_catalog_items
        WHERE catalog = ${TRAITS_CATALOG} AND id = ANY(${sql.array(traitIds, 'int4')}) AND NOT deleted`)
    : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const valueOf = new Map((tool?.traits ?? []).map((t) => [Number(t.tool_trait_id), Number(t.trait_value_id)]));
  const traits = traitIds
    .filter((id) => byId.has(id))
    .map((id) => {
      const r = byId.get(id)!;
      const values = list<{ value_id?: unknown; id?: unknown; value_title?: unknown; title?: unknown }>((r.data as { values?: unknown } | null)?.values).map((v) => ({
        value_id: Number(v.value_id ?? v.id),
        value_title: String(v.value_title ?? v.title ?? ''),
      }));
      return { tool_trait_id: id, title: String(r.title), values, trait_value_id: valueOf.get(id) ?? null };
    });
  return { traits, soft_updatable: data.soft_updatable === true };
};
