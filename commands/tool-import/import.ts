import {
  COL,
  headerMatches,
  importMessages,
  cellText,
  MAX_IMPORT_ROWS,
  planImport,
  SharedStringError,
  validateRow,
  type ImportPlan,
  type ImportReferences,
  type RawImportRow,
  type RowError,
} from '../../domain/tool-import';
import { toolDecider, toolStreamId, toolsSetDecider, toolsSetStreamId } from '../../domain/tool/decider';
import { toolSchemaVersions, toolsSetSchemaVersions } from '../../domain/tool/events';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { conflict, forbidden, invalid, notFound } from '../../domain/shared/errors';
import { hasFull } from '../../domain/rights/rights';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import { WrongExpectedRevisionError, type AppendBatch, type Position } from '../../infrastructure/eventstore/port';
import { mapLimit } from '../../infrastructure/map-limit';
import { readAggregate } from '../aggregate';
import { toNewEvents } from '../handle-command';
import type { WriteContext } from '../context';
import type { ToolImportLookups } from './lookup-port';

export type ImportPhase = 'reading' | 'writing' | 'done' | 'failed';

export interface ImportProgress {
  readonly phase: ImportPhase;
  /** 0..100 */
  readonly percent: number;
  readonly rowsRead: number;
}

export interface ImportResult {
  /** Nothing was written: structure error or row errors. */
  readonly ok: boolean;
  readonly setsAdded: number;
  readonly toolsAdded: number;
  readonly rowsRead: number;
  /** Every row error, in row order ('Строка N («Колонка»): ...'). */
  readonly errors: readonly RowError[];
  /** A whole-file error ('Неверная структура колонок файла'). */
  readonly message: string | null;
  readonly toolsRemoved: number;
  readonly setsRemoved: number;
  readonly position: Position | null;
}

export interface ToolImportArgs {
  readonly unitId: number;
  readonly rows: AsyncIterable<RawImportRow>;
  readonly date1904: () => boolean;
  readonly actor: Actor;
  /** RIGHT_TOOLS_READ scope of the caller: the object must lie in it. */
  readonly scope: UnitScope;
  readonly onProgress?: (p: ImportProgress) => void;
}

const failed = (message: string, rowsRead = 0): ImportResult => ({
  ok: false, setsAdded: 0, toolsAdded: 0, rowsRead, errors: [], message, toolsRemoved: 0, setsRemoved: 0, position: null,
});

/** Checks the caller and the object before the file is read (400/403/404 as every command). */
export const checkImportTarget = async (lookups: ToolImportLookups, unitId: number, actor: Actor, scope: UnitScope): Promise<ImportReferences> => {
  if (!hasFull(actor.rights, 'RIGHT_TOOLS_IMPORT')) throw forbidden();
  if (!Number.isInteger(unitId) || unitId < 1) throw invalid(importMessages.unitRequired, { unitId: importMessages.unitRequired });
  const refs = await lookups.references(unitId);
  if (!refs || !scopeIncludes(scope, unitId)) throw notFound('Объект не найден');
  return refs;
};

/**
 * Validates every row of the file, and only when all are valid replaces the object's registry:
 * its current sets and tools are deleted and the file's sets and tools registered in ONE
 * `appendMany` (PostgreSQL: one transaction), so a failure or a crash midway leaves the old
 * registry whole. Importing the same file twice gives the same registry (replace semantics).
 */
export const importTools = async (w: WriteContext, lookups: ToolImportLookups, args: ToolImportArgs, ctx: CommandContext): Promise<ImportResult> => {
  const refs = await checkImportTarget(lookups, args.unitId, args.actor, args.scope);
  const today = ctx.now.slice(0, 10);
  const progress = (p: ImportProgress) => args.onProgress?.(p);
  const tools = [];
  const errors: RowError[] = [];
  const invalidInventories = new Set<string>();
  let rowsRead = 0;
  let header = true;
  try {
    for await (const raw of args.rows) {
      if (header) {
        header = false;
        const titles = raw.cells.map((c) => cellText(c));
        if (raw.row !== 1 || !headerMatches(titles)) return failed(importMessages.structure);
        continue;
      }
      if (raw.cells.every((c) => cellText(c) === '')) continue;
      rowsRead += 1;
      if (rowsRead > MAX_IMPORT_ROWS) return failed(importMessages.tooManyRows, rowsRead);
      const r = validateRow(raw, refs, { date1904: args.date1904(), today });
      if (r.tool) tools.push(r.tool);
      else invalidInventories.add(cellText(raw.cells[COL.inventar], raw.numFmts?.[COL.inventar]));
      errors.push(...r.errors);
      if (rowsRead % 500 === 0) progress({ phase: 'reading', percent: 0, rowsRead });
    }
  } catch (error) {
    if (error instanceof SharedStringError) return failed(importMessages.sharedStrings, rowsRead);
    throw error;
  }
  if (header) return failed(importMessages.structure);
  if (rowsRead === 0) return failed(importMessages.empty);
  const setKindTitle = (id: number) => [...refs.setKinds.values()].find((k) => k.id === id)?.title ?? '';
  const { plan, errors: groupErrors } = planImport(tools, args.unitId, setKindTitle, invalidInventories);
  errors.push(...groupErrors);
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { ...failed('', rowsRead), message: null, errors };
  }
  progress({ phase: 'writing', percent: 80, rowsRead });
  const written = await replaceRegistry(w, lookups, args.unitId, plan, args.actor, ctx);
  return { ok: true, rowsRead, errors: [], message: null, ...written };
};

/** The clearing and the new registry as one appendMany. */
const replaceRegistry = async (w: WriteContext, lookups: ToolImportLookups, unitId: number, plan: ImportPlan, actor: Actor, ctx: CommandContext) => {
  const registry = await lookups.registry(unitId);
  const batches: AppendBatch[] = [];
  const setStates = await mapLimit(registry.setIds, 16, async (id) => ({ id, s: await readAggregate(w.store, toolsSetDecider, toolsSetStreamId(id)) }));
  let setsRemoved = 0;
  for (const { id, s } of setStates) {
    if (s.state.status !== 'active' || s.state.set?.unit_id !== unitId) continue;
    const events = toolsSetDecider.decide(s.state, { type: 'DeleteToolsSet', id, actor }, ctx);
    batches.push({ streamId: toolsSetStreamId(id), events: toNewEvents(events, ctx, toolsSetSchemaVersions), expectedRevision: s.revision });
    setsRemoved += 1;
  }
  const toolStates = await mapLimit(registry.toolIds, 16, async (id) => ({ id, s: await readAggregate(w.store, toolDecider, toolStreamId(id)) }));
  let toolsRemoved = 0;
  for (const { id, s } of toolStates) {
    if (s.state.status !== 'active' || s.state.tool?.unit_id !== unitId) continue;
    const events = toolDecider.decide(s.state, { type: 'DeleteTool', id, actor }, ctx);
    batches.push({ streamId: toolStreamId(id), events: toNewEvents(events, ctx, toolSchemaVersions), expectedRevision: s.revision });
    toolsRemoved += 1;
  }
  const toolCount = plan.singles.length + plan.sets.reduce((n, s) => n + s.tools.length, 0);
  let nextTool = toolCount ? await w.ids.nextBlock('tool', toolCount) : 0;
  let nextSet = plan.sets.length ? await w.ids.nextBlock('tools_set', plan.sets.length) : 0;
  const register = (card: (typeof plan.singles)[number]['card'], toolsSetId: number | null) => {
    const id = nextTool++;
    const events = toolDecider.decide(toolDecider.initialState(), { type: 'RegisterTool', id, input: card, actor, toolsSetId }, ctx);
    batches.push({ streamId: toolStreamId(id), events: toNewEvents(events, ctx, toolSchemaVersions), expectedRevision: 'no_stream' });
    return id;
  };
  for (const s of plan.sets) {
    const setId = nextSet++;
    const toolIds = s.tools.map((t) => register(t.card, setId));
    const events = toolsSetDecider.decide(toolsSetDecider.initialState(), { type: 'RegisterToolsSet', id: setId, input: s.set, toolIds, actor }, ctx);
    batches.push({ streamId: toolsSetStreamId(setId), events: toNewEvents(events, ctx, toolsSetSchemaVersions), expectedRevision: 'no_stream' });
  }
  for (const t of plan.singles) register(t.card, null);
  try {
    const results = await w.store.appendMany(batches);
    return { setsAdded: plan.sets.length, toolsAdded: toolCount, toolsRemoved, setsRemoved, position: results.at(-1)?.position ?? null };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw conflict('Реестр объекта изменился во время импорта. Повторите импорт');
    throw error;
  }
};

/**
 * POST /api/tools_and_sets_clean/{unitId} (equipment.md 7), made safe: the object's sets and tools
 * are deleted in one appendMany (all or nothing). The import itself never needs it: it replaces.
 */
export const cleanRegistry = async (w: WriteContext, lookups: ToolImportLookups, unitId: number, actor: Actor, scope: UnitScope, ctx: CommandContext) => {
  await checkImportTarget(lookups, unitId, actor, scope);
  return replaceRegistry(w, lookups, unitId, { sets: [], singles: [] }, actor, ctx);
};
