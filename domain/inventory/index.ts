import { z } from 'zod';
import type { Decider } from '../shared/decider';
import type { CommandContext, EventOf } from '../shared/events';
import { conflict, invalid, notFound, refused } from '../shared/errors';
import { idList, optionalId, string } from '../shared/primitives';

/**
 * Inventory rounds (инвентаризация; beyond the spec, see the staged decision): a branch user with
 * RIGHT_TOOLS_WRITE starts a round over one object or several; the round lists the units registered
 * there at its start, then units are scanned (QR address, inventory or serial number) or ticked and
 * each is classed found / found but registered elsewhere / unknown; a unit registered elsewhere is
 * moved only on confirmation (the move itself is a Location entry on the tool's own stream), and
 * finishing is refused while a move is undecided. Stream `inventory-{id}`. Pure: the handler
 * resolves codes to tools through the registry and passes them in.
 */

export const inventoryStreamId = (id: number) => `inventory-${id}`;

/** How many objects one round may cover, and signers its statement may name. */
export const INVENTORY_UNITS_MAX = 50;
export const INVENTORY_SIGNERS_MAX = 5;
export const INVENTORY_CODE_MAX = 300;

export const inventoryMessages = {
  notFound: 'Инвентаризация не найдена',
  units: 'Выберите объект',
  unitsTooMany: `Не более ${INVENTORY_UNITS_MAX} объектов в одной инвентаризации`,
  openExists: 'На объекте уже идёт инвентаризация: завершите её',
  finished: 'Инвентаризация уже завершена',
  code: 'Введите инвентарный или серийный номер или отсканируйте QR-код',
  codeTooLong: `Код длиннее ${INVENTORY_CODE_MAX} символов`,
  unknownCode: (code: string) => `Код «${code}» не найден в реестре. Если единица стоит здесь, отметьте её как неучтённую`,
  foreignCode: 'Этот QR-код не относится к реестру оборудования',
  ambiguous: (count: number) => `Номеру соответствуют ${count} единицы оборудования: отсканируйте QR-код или введите серийный номер`,
  notElsewhere: 'Эта единица не числится найденной на другом объекте',
  decided: 'Перемещение этой единицы уже решено',
  undecided: (count: number) => `Подтвердите или отклоните перемещение найденных на других объектах единиц (${count})`,
  atUnit: 'Укажите объект, на котором найдена единица',
  signer: 'Подписант: должность и ФИО до 200 символов',
  signersTooMany: `Не более ${INVENTORY_SIGNERS_MAX} подписантов`,
} as const;

export type ScanResult = 'found' | 'elsewhere' | 'unknown';
export const scanResultTitles: Readonly<Record<ScanResult | 'missing', string>> = {
  found: 'Найдено',
  elsewhere: 'Числится на другом объекте',
  unknown: 'Нет в реестре',
  missing: 'Не найдено',
};

/** A tool as the round names it (read from the registry by the handler). */
export interface InventoryTool {
  readonly tool_id: number;
  /** The object it is registered at. */
  readonly unit_id: number;
  readonly inventar_number: string | null;
  readonly serial_number: string | null;
  readonly title: string;
}

export interface InventorySigner {
  readonly post: string;
  readonly name: string;
}

export type InventoryEventMap = {
  InventoryStarted: { id: number; unit_ids: number[]; expected: InventoryTool[]; started_by: number | null; started_by_name: string };
  /** A scan or tick: `tool` null for a code not in the registry (result 'unknown'). */
  InventoryScanned: { code: string; result: ScanResult; tool: InventoryTool | null; at_unit_id: number };
  /** A unit found elsewhere: moved to `to_unit_id` (true) or left registered where it is (false). */
  InventoryMoveDecided: { tool_id: number; move: boolean; to_unit_id: number };
  InventoryFinished: { signers: InventorySigner[]; found: number; missing: number; elsewhere: number; unknown: number };
};
export type InventoryEvent = EventOf<InventoryEventMap>;
export const inventoryEventTypes: readonly (keyof InventoryEventMap)[] = ['InventoryStarted', 'InventoryScanned', 'InventoryMoveDecided', 'InventoryFinished'];

export interface ElsewhereEntry {
  readonly tool: InventoryTool;
  readonly at_unit_id: number;
  readonly decision: null | 'moved' | 'kept';
}

export interface InventoryState {
  readonly exists: boolean;
  readonly id: number;
  readonly status: 'open' | 'finished';
  readonly unit_ids: readonly number[];
  readonly expected: ReadonlyMap<number, InventoryTool>;
  /** Expected (or registered here) tools found, by tool id. */
  readonly found: ReadonlyMap<number, { readonly tool: InventoryTool; readonly at_unit_id: number }>;
  readonly elsewhere: ReadonlyMap<number, ElsewhereEntry>;
  /** Codes not in the registry, normalised (one entry per code). */
  readonly unknown: ReadonlyMap<string, { readonly code: string; readonly at_unit_id: number }>;
  readonly signers: readonly InventorySigner[];
}

/** The code as typed or scanned, trimmed; equal codes compare case-insensitively. */
export const normaliseCode = (code: string) => code.trim().toLocaleLowerCase('ru');

/** What a scan names after the handler looked the code up. */
export type ScanTarget = { readonly kind: 'tool'; readonly tool: InventoryTool } | { readonly kind: 'unknown' };

export type InventoryCommand =
  | { type: 'StartInventory'; id: number; unit_ids: number[]; expected: InventoryTool[]; started_by: number | null; started_by_name: string }
  /** `confirmUnknown`: the user said a unit with this code stands here though the registry lacks it. */
  | { type: 'ScanInventory'; code: string; target: ScanTarget; at_unit_id: number | null; confirmUnknown: boolean }
  | { type: 'DecideInventoryMove'; tool_id: number; move: boolean }
  | { type: 'FinishInventory'; signers: InventorySigner[] };

// ---- input schemas (shared by the routes and the screen) ----

export const inventoryStartSchema = z.object({
  unit_ids: idList({ max: INVENTORY_UNITS_MAX, message: inventoryMessages.units }).min(1, inventoryMessages.units),
});
export const inventoryScanSchema = z.object({
  code: string(inventoryMessages.code).trim().min(1, inventoryMessages.code).max(INVENTORY_CODE_MAX, inventoryMessages.codeTooLong).optional(),
  /** A tick in the list instead of a code. */
  tool_id: optionalId({ coerce: true }),
  at_unit_id: optionalId({ coerce: true, message: inventoryMessages.atUnit }),
  confirm_unknown: z.boolean().optional().default(false),
}).refine((v) => v.code !== undefined || v.tool_id !== null, { message: inventoryMessages.code, path: ['code'] });
export const inventoryMoveSchema = z.object({
  tool_id: optionalId({ coerce: true }).refine((v) => v !== null, inventoryMessages.notElsewhere),
  move: z.boolean({ invalid_type_error: 'Укажите, переместить ли единицу', required_error: 'Укажите, переместить ли единицу' }),
  /** The room of the Location entry a move adds. */
  room: string('Помещение: до 99 символов').trim().min(1, 'Помещение: до 99 символов').max(99, 'Помещение: до 99 символов').optional(),
});
const signerSchema = z.object({
  post: string(inventoryMessages.signer).trim().max(200, inventoryMessages.signer),
  name: string(inventoryMessages.signer).trim().min(1, inventoryMessages.signer).max(200, inventoryMessages.signer),
});
export const inventoryFinishSchema = z.object({
  signers: z.array(signerSchema, { invalid_type_error: inventoryMessages.signer }).max(INVENTORY_SIGNERS_MAX, inventoryMessages.signersTooMany).optional().default([]),
});
export type InventoryScanInput = z.input<typeof inventoryScanSchema>;

// ---- the decider ----

const initialState = (): InventoryState => ({
  exists: false,
  id: 0,
  status: 'open',
  unit_ids: [],
  expected: new Map(),
  found: new Map(),
  elsewhere: new Map(),
  unknown: new Map(),
  signers: [],
});

/** A copy of a map with one entry set: the state stays immutable for whoever holds the older one. */
const withEntry = <K, V>(m: ReadonlyMap<K, V>, k: K, v: V): Map<K, V> => new Map(m).set(k, v);

const evolve = (s: InventoryState, e: InventoryEvent): InventoryState => {
  switch (e.type) {
    case 'InventoryStarted':
      return { ...s, exists: true, id: e.data.id, status: 'open', unit_ids: e.data.unit_ids, expected: new Map(e.data.expected.map((t) => [t.tool_id, t])) };
    case 'InventoryScanned': {
      const { tool, result, at_unit_id, code } = e.data;
      if (result === 'unknown' || !tool) return { ...s, unknown: withEntry(s.unknown, normaliseCode(code), { code, at_unit_id }) };
      if (result === 'found') return { ...s, found: withEntry(s.found, tool.tool_id, { tool, at_unit_id }) };
      return { ...s, elsewhere: withEntry(s.elsewhere, tool.tool_id, { tool, at_unit_id, decision: null }) };
    }
    case 'InventoryMoveDecided': {
      const entry = s.elsewhere.get(e.data.tool_id);
      if (!entry) return s;
      return { ...s, elsewhere: withEntry(s.elsewhere, e.data.tool_id, { ...entry, decision: e.data.move ? 'moved' : 'kept' }) };
    }
    case 'InventoryFinished':
      return { ...s, status: 'finished', signers: e.data.signers };
  }
};

const requireOpen = (s: InventoryState) => {
  if (!s.exists) throw notFound(inventoryMessages.notFound);
  if (s.status !== 'open') throw refused(inventoryMessages.finished);
};

/** Units found elsewhere whose move is not decided yet. */
export const undecidedMoves = (s: InventoryState): ElsewhereEntry[] => [...s.elsewhere.values()].filter((e) => e.decision === null);

/** Expected units not found (so far, or at the finish). */
export const missingTools = (s: InventoryState): InventoryTool[] => [...s.expected.values()].filter((t) => !s.found.has(t.tool_id));

const decide = (s: InventoryState, c: InventoryCommand, _ctx: CommandContext): InventoryEvent[] => {
  switch (c.type) {
    case 'StartInventory': {
      if (s.exists) throw conflict('Инвентаризация уже существует');
      if (c.unit_ids.length === 0) throw invalid(inventoryMessages.units, { unit_ids: inventoryMessages.units });
      if (c.unit_ids.length > INVENTORY_UNITS_MAX) throw invalid(inventoryMessages.unitsTooMany, { unit_ids: inventoryMessages.unitsTooMany });
      const units = [...new Set(c.unit_ids)];
      const expected = c.expected.filter((t) => units.includes(t.unit_id));
      return [{ type: 'InventoryStarted', data: { id: c.id, unit_ids: units, expected, started_by: c.started_by, started_by_name: c.started_by_name } }];
    }
    case 'ScanInventory': {
      requireOpen(s);
      if (c.at_unit_id !== null && !s.unit_ids.includes(c.at_unit_id)) throw invalid(inventoryMessages.atUnit, { at_unit_id: inventoryMessages.atUnit });
      const code = c.code.trim();
      if (c.target.kind === 'unknown') {
        if (s.unknown.has(normaliseCode(code))) return [];
        if (!c.confirmUnknown) throw invalid(inventoryMessages.unknownCode(code), { code: inventoryMessages.unknownCode(code) });
        const at = c.at_unit_id ?? (s.unit_ids.length === 1 ? s.unit_ids[0]! : null);
        if (at === null) throw invalid(inventoryMessages.atUnit, { at_unit_id: inventoryMessages.atUnit });
        return [{ type: 'InventoryScanned', data: { code, result: 'unknown', tool: null, at_unit_id: at } }];
      }
      const tool = c.target.tool;
      // Scanning a unit twice records it once.
      if (s.found.has(tool.tool_id) || s.elsewhere.has(tool.tool_id)) return [];
      const here = s.unit_ids.includes(tool.unit_id);
      const at = here ? (c.at_unit_id ?? tool.unit_id) : (c.at_unit_id ?? (s.unit_ids.length === 1 ? s.unit_ids[0]! : null));
      if (at === null) throw invalid(inventoryMessages.atUnit, { at_unit_id: inventoryMessages.atUnit });
      return [{ type: 'InventoryScanned', data: { code, result: here ? 'found' : 'elsewhere', tool, at_unit_id: at } }];
    }
    case 'DecideInventoryMove': {
      requireOpen(s);
      const entry = s.elsewhere.get(c.tool_id);
      if (!entry) throw invalid(inventoryMessages.notElsewhere);
      if (entry.decision !== null) throw refused(inventoryMessages.decided);
      return [{ type: 'InventoryMoveDecided', data: { tool_id: c.tool_id, move: c.move, to_unit_id: entry.at_unit_id } }];
    }
    case 'FinishInventory': {
      requireOpen(s);
      const undecided = undecidedMoves(s).length;
      if (undecided > 0) throw invalid(inventoryMessages.undecided(undecided));
      if (c.signers.length > INVENTORY_SIGNERS_MAX) throw invalid(inventoryMessages.signersTooMany);
      return [
        {
          type: 'InventoryFinished',
          data: { signers: c.signers, found: s.found.size, missing: missingTools(s).length, elsewhere: s.elsewhere.size, unknown: s.unknown.size },
        },
      ];
    }
  }
};

export const inventoryDecider: Decider<InventoryState, InventoryCommand, InventoryEvent> = { initialState, evolve, decide };

/** Rows the round's screen and statement read (GET /api/inventory/{id}). */
export interface InventoryItemRow {
  readonly tool_id: number | null;
  readonly code: string | null;
  readonly result: ScanResult | 'missing' | 'expected';
  readonly unit_id: number | null;
  readonly at_unit_id: number | null;
  readonly inventar_number: string | null;
  readonly serial_number: string | null;
  readonly title: string;
  readonly decision: null | 'moved' | 'kept';
  readonly scanned_at: string | null;
}

export interface InventoryRoundRow {
  readonly id: number;
  readonly status: 'open' | 'finished';
  readonly unit_ids: number[];
  readonly unit_names: string[];
  readonly started_at: string;
  readonly started_by_name: string;
  readonly finished_at: string | null;
  readonly expected: number;
  readonly found: number;
  readonly elsewhere: number;
  readonly unknown: number;
  readonly statement_file_id: string | null;
}
