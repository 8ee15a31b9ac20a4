import { z } from 'zod';
import { string } from '../shared/primitives';
/**
 * Units import (administration.md 2.10, 5): tab-separated rows pasted from a spreadsheet become
 * organisations with one building each, matched by VNCODE. Pure: the caller supplies what exists.
 *
 * Row: VNCODE ⇥ наименование ⇥ полное наименование ⇥ адрес (the last two optional). The VNCODE is the
 * court code of GAS «Правосудие»: region code digits, then the kind fragment (77RS0001).
 */

/** Organisation-code fragment → organisation kind id (administration.md 5). */
export const kindByFragment: Readonly<Record<string, number>> = {
  UD: 3, OS: 6, AJ: 5, KJ: 4, AS: 11, AA: 10, AO: 8, IC: 17, RS: 7, AV: 14, GV: 15, KV: 12, OV: 13, AI: 9,
};
/** Fragments whose organisations are hosts (balance holders) themselves (administration.md 5). */
export const hostFragments: ReadonlySet<string> = new Set(['UD', 'OS', 'AJ', 'KJ', 'AS', 'AA', 'AO', 'IC', 'AV', 'KV', 'OV', 'AI']);
/** The host of a non-host organisation: the region's Judicial Department office. */
export const REGION_HOST_FRAGMENT = 'UD';

export const UNITS_IMPORT_MAX_ROWS = 20000;
export const UNITS_IMPORT_MAX_CHARS = 5_000_000;

/** POST /api/units_import: the pasted rows (tab-separated) and, for a preview, `dryRun: true`. */
export const unitsImportSchema = z.object({
  text: string('Вставьте строки для импорта')
    .refine((t) => t.trim() !== '', 'Вставьте строки для импорта')
    .refine((t) => t.length <= UNITS_IMPORT_MAX_CHARS, 'Слишком большой объем данных для одного импорта'),
  dryRun: z.boolean().optional(),
});

export interface ParsedUnitRow {
  readonly line: number;
  readonly vncode: string;
  readonly regionCode: number;
  readonly fragment: string;
  readonly name: string;
  readonly fullname: string | null;
  readonly address: string | null;
}

export interface BadRow {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

const VNCODE = /^(\d{1,3})([A-Z]{2})[A-Z0-9-]*$/;
const MAX = { vncode: 99, name: 499, fullname: 999, address: 999 } as const;

// NUL never reaches a stored text (the zod primitives refuse it anyway).
const clean = (s: string | undefined) => (s ?? '').split(String.fromCharCode(0)).join('').trim();

/** Splits the paste into rows; a first line without a code (column titles) is skipped. */
export const parseUnitRows = (text: string): { rows: ParsedUnitRow[]; bad: BadRow[] } => {
  const rows: ParsedUnitRow[] = [];
  const bad: BadRow[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const cells = raw.split('\t').map(clean);
    const vncode = (cells[0] ?? '').toUpperCase();
    const fail = (reason: string) => bad.push({ line, text: raw.slice(0, 200), reason });
    if (rows.length === 0 && bad.length === 0 && !/\d/.test(vncode)) return;
    const m = VNCODE.exec(vncode);
    if (!vncode) return fail('Не указан VNCODE');
    if (!m || vncode.length > MAX.vncode) return fail(`Неверный VNCODE «${vncode.slice(0, 100)}»`);
    const fragment = m[2]!;
    if (kindByFragment[fragment] === undefined) return fail(`Неизвестный вид организации «${fragment}» в VNCODE`);
    const name = cells[1] ?? '';
    if (!name) return fail('Не указано наименование');
    if (name.length > MAX.name) return fail('Наименование: не более 500 символов');
    const fullname = cells[2] || null;
    if (fullname && fullname.length > MAX.fullname) return fail('Полное наименование: не более 1000 символов');
    const address = cells[3] || null;
    if (address && address.length > MAX.address) return fail('Адрес: не более 1000 символов');
    const earlier = seen.get(vncode);
    if (earlier !== undefined) return fail(`VNCODE ${vncode} уже есть в строке ${earlier}`);
    seen.set(vncode, line);
    rows.push({ line, vncode, regionCode: Number(m[1]), fragment, name, fullname, address });
  });
  return { rows, bad };
};

/** An organisation as the import compares it (its stored fields that the import sets). */
export interface ExistingOrganization {
  readonly id: number;
  readonly vncode: string;
  readonly region_id: number;
  readonly name: string;
  readonly fullname: string | null;
  readonly address: string | null;
  readonly kind_id: number | null;
  readonly is_host: boolean;
  readonly host_id: number | null;
}

export interface ImportReferences {
  /** Region code → region id. */
  readonly regions: ReadonlyMap<number, number>;
  /** Organisation kind ids that exist in the catalogue. */
  readonly kinds: ReadonlySet<number>;
  /** Existing organisations (not deleted). */
  readonly organizations: readonly ExistingOrganization[];
}

/** The fields of one organisation the import writes; `host` names the region host by VNCODE when it is created in the same import. */
export interface PlannedOrganization {
  readonly line: number;
  readonly vncode: string;
  readonly existingId: number | null;
  readonly action: 'create' | 'update' | 'unchanged';
  readonly fields: {
    region_id: number;
    name: string;
    fullname: string | null;
    address: string | null;
    kind_id: number;
    is_host: boolean;
    host_id: number | null;
  };
  /** VNCODE of the region's host when it is created by this import (its id is known only then). */
  readonly hostVncode: string | null;
}

export interface UnitsImportPlan {
  readonly items: readonly PlannedOrganization[];
  readonly bad: readonly BadRow[];
  readonly counts: { readonly created: number; readonly updated: number; readonly unchanged: number; readonly bad: number };
}

const sameFields = (a: PlannedOrganization['fields'], b: ExistingOrganization) =>
  a.region_id === b.region_id && a.name === b.name && a.fullname === b.fullname && a.address === b.address &&
  a.kind_id === b.kind_id && a.is_host === b.is_host && a.host_id === b.host_id;

/**
 * What importing the paste would do: each row created, updated or unchanged against the existing
 * organisations (matched by VNCODE), or refused with its Russian reason. Hosts come first, so a
 * region's host created by the same paste is there for its courts.
 */
export const planUnitsImport = (text: string, refs: ImportReferences): UnitsImportPlan => {
  const { rows, bad: parseBad } = parseUnitRows(text);
  const bad: BadRow[] = [...parseBad];
  const byVncode = new Map(refs.organizations.map((o) => [o.vncode.toUpperCase(), o]));
  // The region's host: an existing UD organisation, else the UD row of this paste.
  const regionHost = new Map<number, { id: number | null; vncode: string }>();
  for (const o of refs.organizations)
    if (o.is_host && o.vncode.toUpperCase().slice(0, 6).includes(REGION_HOST_FRAGMENT) && !regionHost.has(o.region_id))
      regionHost.set(o.region_id, { id: o.id, vncode: o.vncode });
  const items: PlannedOrganization[] = [];
  const ordered = [...rows].sort((a, b) => Number(!hostFragments.has(a.fragment)) - Number(!hostFragments.has(b.fragment)) || a.line - b.line);
  for (const row of ordered) {
    const fail = (reason: string) => bad.push({ line: row.line, text: row.vncode, reason });
    const region_id = refs.regions.get(row.regionCode);
    if (region_id === undefined) {
      fail(`Регион с кодом ${row.regionCode} не найден`);
      continue;
    }
    const kind_id = kindByFragment[row.fragment]!;
    if (!refs.kinds.has(kind_id)) {
      fail(`Вид организации ${kind_id} («${row.fragment}») отсутствует в справочнике видов организаций`);
      continue;
    }
    const existing = byVncode.get(row.vncode) ?? null;
    const is_host = hostFragments.has(row.fragment);
    if (is_host && row.fragment === REGION_HOST_FRAGMENT && !regionHost.has(region_id)) regionHost.set(region_id, { id: existing?.id ?? null, vncode: row.vncode });
    let host_id: number | null = null;
    let hostVncode: string | null = null;
    if (!is_host) {
      // An organisation that has a host of its region keeps it; otherwise the region's office.
      if (existing?.host_id && existing.region_id === region_id) host_id = existing.host_id;
      else {
        const host = regionHost.get(region_id);
        if (!host) {
          fail(`Не найден балансодержатель региона ${row.regionCode} (Управление Судебного департамента, «${REGION_HOST_FRAGMENT}»)`);
          continue;
        }
        host_id = host.id;
        hostVncode = host.id === null ? host.vncode : null;
      }
    }
    const fields = {
      region_id,
      name: row.name,
      // Empty optional cells keep what an existing organisation has.
      fullname: row.fullname ?? existing?.fullname ?? null,
      address: row.address ?? existing?.address ?? null,
      kind_id,
      is_host,
      host_id,
    };
    const action = !existing ? 'create' : sameFields(fields, existing) ? 'unchanged' : 'update';
    items.push({ line: row.line, vncode: row.vncode, existingId: existing?.id ?? null, action, fields, hostVncode });
  }
  items.sort((a, b) => a.line - b.line);
  bad.sort((a, b) => a.line - b.line);
  const count = (a: PlannedOrganization['action']) => items.filter((i) => i.action === a).length;
  return { items, bad, counts: { created: count('create'), updated: count('update'), unchanged: count('unchanged'), bad: bad.length } };
};
