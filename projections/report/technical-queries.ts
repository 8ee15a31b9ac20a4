import { sql, type DatabasePool } from 'slonik';
import { kindTitle, statusTitle } from '../../domain/request/enums';
import { isPlaceholderInventory, technicalDocuments, type TechnicalDocumentId } from '../../domain/report/technical/documents';
import type { ObjectDocumentSpec } from '../../domain/report/types';
import { formatDate } from '../../domain/shared/dates';

/**
 * The technical documents' data (decisions 87–96) from the tool, catalogue and request read models; also
 * answered as JSON by the data calls tools_for_passport, tools_for_passport_with_sofware and
 * requests_formular (equipment.md 7).
 */
export interface PassportTool {
  readonly id: number;
  readonly kind: string;
  readonly manufacturer: string;
  readonly model: string;
  readonly serial_number: string;
  /** Null when the number is a placeholder (equipment.md 9). */
  readonly inventar_number: string | null;
  readonly work_in_dt: string | null;
  readonly place: string;
  readonly tool_softwares: readonly number[];
}
export interface PassportProgram {
  readonly id: number;
  readonly title: string;
  readonly version: string;
  readonly type: number;
  readonly subsystem: string;
  readonly tools: readonly number[];
}
export interface FormularRequest {
  readonly id: number;
  readonly number: number | null;
  readonly request_date_add: string | null;
  readonly request_kind_id: number;
  readonly kind: string;
  readonly request_text: string;
  readonly request_status_id: number;
  readonly status: string;
}

const iso = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The live tools of the unit (sets' members too), by kind and id. */
export const toolsForPassport = async (pool: DatabasePool, unitId: number): Promise<PassportTool[]> => {
  const rows = await pool.any(sql.unsafe`
    SELECT t.id, COALESCE(k.title, '') AS kind, COALESCE(m.title, '') AS manufacturer, t.model, t.serial_number, t.inventar_number,
           t.work_in_dt, t.tool_softwares, COALESCE(t.tool_places -> -1 ->> 'room', '') AS place
    FROM rm_tools t
    LEFT JOIN rm_catalog_items k ON k.key = 'tool_kind:' || t.tool_kind_id
    LEFT JOIN rm_catalog_items m ON m.key = 'manufacturer:' || t.manufacturer_id
    WHERE t.unit_id = ${unitId} AND NOT t.deleted
    ORDER BY k.title NULLS LAST, t.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    manufacturer: String(r.manufacturer),
    model: String(r.model),
    serial_number: String(r.serial_number),
    inventar_number: isPlaceholderInventory(r.inventar_number as string | null) ? null : String(r.inventar_number),
    work_in_dt: iso(r.work_in_dt),
    place: String(r.place ?? ''),
    tool_softwares: ((r.tool_softwares as number[] | null) ?? []).map(Number),
  }));
};

/** The tools and the programs installed on them (a program once, with the tools that carry it). */
export const toolsForPassportWithSoftware = async (pool: DatabasePool, unitId: number): Promise<{ tools: PassportTool[]; programs: PassportProgram[] }> => {
  const tools = await toolsForPassport(pool, unitId);
  const ids = [...new Set(tools.flatMap((t) => t.tool_softwares))];
  if (ids.length === 0) return { tools, programs: [] };
  const rows = await pool.any(sql.unsafe`
    SELECT p.id, p.title, COALESCE(p.data->>'version', '') AS version, COALESCE((p.data->>'type')::int, 0) AS type, COALESCE(s.title, '') AS subsystem
    FROM rm_catalog_items p
    LEFT JOIN rm_catalog_items s ON s.catalog = 'programs_subsystems' AND s.id = (p.data->>'gas_sub_system_id')::int
    WHERE p.catalog = 'programs' AND p.id = ANY(${sql.array(ids, 'int4')})
    ORDER BY p.title, p.id`);
  const programs = rows.map((r) => ({
    id: Number(r.id),
    title: String(r.title),
    version: String(r.version),
    type: Number(r.type),
    subsystem: String(r.subsystem),
    tools: tools.filter((t) => t.tool_softwares.includes(Number(r.id))).map((t) => t.id),
  }));
  return { tools, programs };
};

/** The unit's live requests registered between the dates (inclusive), oldest first. */
export const requestsFormular = async (pool: DatabasePool, unitId: number, dateBeg: string, dateEnd: string): Promise<FormularRequest[]> => {
  const rows = await pool.any(sql.unsafe`
    SELECT id, number, request_date_add, request_kind_id, request_text, request_status_id
    FROM rm_requests
    WHERE unit_id = ${unitId} AND NOT deleted
      AND request_date_add >= ${dateBeg}::date AND request_date_add < ${dateEnd}::date + 1
    ORDER BY request_date_add, id`);
  return rows.map((r) => ({
    id: Number(r.id),
    number: r.number == null ? null : Number(r.number),
    request_date_add: r.request_date_add == null ? null : new Date(r.request_date_add as string | number).toISOString(),
    request_kind_id: Number(r.request_kind_id),
    kind: kindTitle(Number(r.request_kind_id)),
    request_text: String(r.request_text ?? ''),
    request_status_id: Number(r.request_status_id),
    status: statusTitle(Number(r.request_status_id)),
  }));
};

export const dateText = (isoDate: string | null): string => (isoDate ? formatDate(isoDate.slice(0, 10)) : '');

/** What one object's document prints: its tools, programs and the year's requests, numbered. */
export interface ObjectDocumentData {
  readonly tools: ReadonlyArray<{ n: number; kind: string; model: string; serial: string; inventory: string; commissioned: string; place: string }>;
  readonly software: ReadonlyArray<{ n: number; title: string; version: string; subsystem: string; count: number }>;
  readonly requests: ReadonlyArray<{ n: number; number: number | string; date: string; kind: string; text: string; status: string }>;
}
export type ObjectDocumentQuery = (pool: DatabasePool, unitId: number, year: number) => Promise<ObjectDocumentData>;

/** The document's data: the same queries as the data calls, shaped for the template. */
export const objectDocumentData = async (pool: DatabasePool, spec: ObjectDocumentSpec, unitId: number, year: number): Promise<ObjectDocumentData> => {
  const { tools, programs } = await toolsForPassportWithSoftware(pool, unitId);
  const software = programs.filter((p) => spec.software === null || p.type === spec.software);
  const requests = spec.requests ? await requestsFormular(pool, unitId, `${year}-01-01`, `${year}-12-31`) : [];
  return {
    tools: tools.map((t, i) => ({
      n: i + 1,
      kind: t.kind,
      model: [t.manufacturer, t.model].filter(Boolean).join(' '),
      serial: t.serial_number,
      inventory: t.inventar_number ?? 'б/н',
      commissioned: formatDate(t.work_in_dt),
      place: t.place,
    })),
    software: software.map((p, i) => ({ n: i + 1, title: p.title, version: p.version, subsystem: p.subsystem, count: p.tools.length })),
    requests: requests.map((r, i) => ({ n: i + 1, number: r.number ?? '', date: dateText(r.request_date_add), kind: r.kind, text: r.request_text, status: r.status })),
  };
};

/** The technical documents' data queries by document id (the report registry's `query`). */
export const technicalDocumentQueries = Object.fromEntries(
  technicalDocuments.map((d) => [d.id, ((pool, unitId, year) => objectDocumentData(pool, d, unitId, year)) satisfies ObjectDocumentQuery]),
) as Readonly<Record<TechnicalDocumentId, ObjectDocumentQuery>>;
