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
  matchProtected,
  notFoundNote,
  protectedSetText,
  protectMessages,
  protectedToolIdsOf,
  type ProtectedTool,
} from '../../domain/tool-import';
import { createHash } from 'node:crypto';
import { requestDecider } from '../../domain/request/decider';
import type { ToolAggregate } from '../../domain/tool/decider';
import { indexMembersOf } from '../../infrastructure/write-index';
import { protectedToolsIndex } from './protected-tools-index';
import { toolDecider, toolStreamId, toolsSetDecider, toolsSetStreamId } from '../../domain/tool/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { hasFull } from '../../domain/rights/rights';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import type { Position } from '../../infrastructure/eventstore/port';
import { mapLimit } from '../../infrastructure/map-limit';
import { readAggregate } from '../aggregate';
import { handleBatch, onStream, type BatchStep } from '../handle-command';
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
  /**
   * Tools live requests name (issue 33), with what happens (confirmation step) or happened (done) to
   * each: updated by the file row with their serial number, or kept as 'не найдено при импорте'.
   */
  readonly protectedTools: readonly ProtectedTool[];
  /** Set when the import waits for the user's confirmation of `protectedTools`: send it back to go on. */
  readonly confirmToken: string | null;
  readonly position: Position | null;
}

export interface ToolImportArgs {
  readonly unitId: number;
  readonly rows: AsyncIterable<RawImportRow>;
  readonly date1904: () => boolean;
  readonly actor: Actor;
  /** RIGHT_TOOLS_READ scope of the caller: the object must lie in it. */
  readonly scope: UnitScope;
  /** The token of the protected tools the user confirmed (the answer that asked for it gave it). */
  readonly confirmToken?: string | null;
  readonly onProgress?: (p: ImportProgress) => void;
}

const failed = (message: string, rowsRead = 0): ImportResult => ({
  ok: false, setsAdded: 0, toolsAdded: 0, rowsRead, errors: [], message, toolsRemoved: 0, setsRemoved: 0, protectedTools: [], confirmToken: null, position: null,
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
 * `handleBatch` (PostgreSQL: one transaction), so a failure or a crash midway leaves the old
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
  const written = await replaceRegistry(w, lookups, args.unitId, plan, args.actor, ctx, { confirmToken: args.confirmToken ?? null });
  if (written.kind === 'confirm') return { ...failed(written.message, rowsRead), protectedTools: written.protectedTools, confirmToken: written.confirmToken };
  const { kind: _kind, ...done } = written;
  return { ok: true, rowsRead, errors: [], message: null, confirmToken: null, ...done };
};

/** The token a confirmation carries: a hash of the protected list as the user saw it. */
const tokenOf = (tools: readonly ProtectedTool[]): string => createHash('sha256').update(protectedSetText(tools)).digest('hex').slice(0, 40);

/**
 * The object's tools live requests name, from the write-side index (moved with the requests'
 * appends), each request folded from its stream for its number and checked again there.
 */
const protectedOf = async (w: WriteContext, tools: ReadonlyArray<{ id: number; s: { state: ToolAggregate } }>) => {
  const members = await indexMembersOf(w.pool, protectedToolsIndex.name, tools.map((t) => String(t.id)));
  const streams = [...new Set([...members.values()].flat())];
  const requests = new Map(await mapLimit(streams, 16, async (id) => [id, (await readAggregate(w.store, requestDecider, id)).state] as const));
  const out: Array<{ id: number; tool: NonNullable<ToolAggregate['tool']>; requests: Array<{ id: number; number: number | null }> }> = [];
  for (const { id, s } of tools) {
    const named = (members.get(String(id)) ?? [])
      .flatMap((stream) => {
        const r = requests.get(stream);
        return r && protectedToolIdsOf(r).includes(id) ? [{ id: Number(stream.slice(stream.indexOf('-') + 1)), number: r.number ?? null }] : [];
      })
      .sort((a, b) => a.id - b.id);
    if (named.length > 0 && s.state.tool) out.push({ id, tool: s.state.tool, requests: named });
  }
  return out;
};

type Confirm = { readonly confirmToken: string | null } | 'keep-protected';

/**
 * The clearing and the new registry as one handleBatch. Tools live requests name are never deleted
 * (issue 33): with `confirmToken` they must have been confirmed as listed (else nothing is written and
 * the list with its token is answered); the file row with the same serial number updates such a tool
 * instead of registering a new one, and one without a row keeps its card with the mark in its note.
 * 'keep-protected' (the clean call) keeps them untouched but for leaving their deleted sets.
 */
const replaceRegistry = async (w: WriteContext, lookups: ToolImportLookups, unitId: number, plan: ImportPlan, actor: Actor, ctx: CommandContext, confirm: Confirm) => {
  const registry = await lookups.registry(unitId);
  const steps: BatchStep[] = [];
  const setStates = await mapLimit(registry.setIds, 16, async (id) => ({ id, s: await readAggregate(w.store, toolsSetDecider, toolsSetStreamId(id)) }));
  const toolStates = (await mapLimit(registry.toolIds, 16, async (id) => ({ id, s: await readAggregate(w.store, toolDecider, toolStreamId(id)) })))
    .filter(({ s }) => s.state.status === 'active' && s.state.tool?.unit_id === unitId);
  const guarded = await protectedOf(w, toolStates);
  const rowOf = confirm === 'keep-protected' ? new Map<number, number>() : matchProtected(guarded, plan);
  const protectedTools: ProtectedTool[] = guarded.map((g) => ({
    id: g.id, serial_number: g.tool.serial_number, inventar_number: g.tool.inventar_number, model: g.tool.model, requests: g.requests,
    outcome: rowOf.has(g.id) ? 'updated' : 'not_found', row: rowOf.get(g.id) ?? null,
  }));
  if (confirm !== 'keep-protected' && protectedTools.length > 0) {
    const token = tokenOf(protectedTools);
    if (confirm.confirmToken !== token)
      return { kind: 'confirm' as const, protectedTools, confirmToken: token, message: confirm.confirmToken ? protectMessages.changed : protectMessages.confirm };
  }
  let setsRemoved = 0;
  for (const { id, s } of setStates) {
    if (s.state.status !== 'active' || s.state.set?.unit_id !== unitId) continue;
    steps.push(onStream(toolsSetDecider, toolsSetStreamId(id), { type: 'DeleteToolsSet', id, actor }, s));
    setsRemoved += 1;
  }
  const kept = new Set(guarded.map((g) => g.id));
  let toolsRemoved = 0;
  for (const { id, s } of toolStates) {
    if (kept.has(id)) continue;
    steps.push(onStream(toolDecider, toolStreamId(id), { type: 'DeleteTool', id, actor }, s));
    toolsRemoved += 1;
  }
  const states = new Map(toolStates.map((t) => [t.id, t.s]));
  const keptByRow = new Map([...rowOf].map(([toolId, row]) => [row, toolId]));
  const toolCount = plan.singles.length + plan.sets.reduce((n, s) => n + s.tools.length, 0) - keptByRow.size;
  let nextTool = toolCount ? await w.ids.nextBlock('tool', toolCount) : 0;
  let nextSet = plan.sets.length ? await w.ids.nextBlock('tools_set', plan.sets.length) : 0;
  const place = (t: (typeof plan.singles)[number], toolsSetId: number | null) => {
    const keptId = keptByRow.get(t.row);
    if (keptId !== undefined) {
      steps.push(onStream(toolDecider, toolStreamId(keptId), { type: 'KeepToolAtImport', id: keptId, actor, input: t.card, note: null, toolsSetId }, states.get(keptId)!));
      return keptId;
    }
    const id = nextTool++;
    steps.push(onStream(toolDecider, toolStreamId(id), { type: 'RegisterTool', id, input: t.card, actor, toolsSetId }, 'new'));
    return id;
  };
  for (const s of plan.sets) {
    const setId = nextSet++;
    const toolIds = s.tools.map((t) => place(t, setId));
    steps.push(onStream(toolsSetDecider, toolsSetStreamId(setId), { type: 'RegisterToolsSet', id: setId, input: s.set, toolIds, actor }, 'new'));
  }
  for (const t of plan.singles) place(t, null);
  const today = ctx.now.slice(0, 10);
  for (const g of guarded) {
    if (rowOf.has(g.id)) continue;
    const note = confirm === 'keep-protected' ? null : notFoundNote(g.tool.description, today);
    steps.push(onStream(toolDecider, toolStreamId(g.id), { type: 'KeepToolAtImport', id: g.id, actor, input: null, note, toolsSetId: null }, states.get(g.id)!));
  }
  const { position } = await handleBatch(w.store, steps, ctx, { staleMessage: 'Реестр объекта изменился во время импорта. Повторите импорт' });
  return { kind: 'written' as const, setsAdded: plan.sets.length, toolsAdded: toolCount, toolsRemoved, setsRemoved, protectedTools, position };
};

/**
 * POST /api/tools_and_sets_clean/{unitId} (equipment.md 7), made safe: the object's sets and tools
 * are deleted in one handleBatch (all or nothing), but for the tools live requests name, which stay.
 * The import itself never needs it: it replaces.
 */
export const cleanRegistry = async (w: WriteContext, lookups: ToolImportLookups, unitId: number, actor: Actor, scope: UnitScope, ctx: CommandContext) => {
  await checkImportTarget(lookups, unitId, actor, scope);
  const r = await replaceRegistry(w, lookups, unitId, { sets: [], singles: [] }, actor, ctx, 'keep-protected');
  if (r.kind === 'confirm') throw new Error('the clean call never asks for a confirmation');
  return r;
};
