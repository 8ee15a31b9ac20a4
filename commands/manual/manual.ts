import { manualDecider, manualStreamId, type ManualState } from '../../domain/manual/decider';
import type { StoredFile } from '../../domain/news/files';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { readAggregate } from '../aggregate';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';

/** A folder with its items as its stream has it. */
export const loadManual = async (w: WriteContext, folderId: number): Promise<ManualState> =>
  (await readAggregate(w.store, manualDecider, manualStreamId(folderId))).state;

export const saveManualFolder = async (w: WriteContext, id: number | null, input: unknown, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const folderId = id ?? (await w.ids.next('manual'));
  const r = await handleCommand(w.store, manualDecider, manualStreamId(folderId), { type: 'SaveManualFolder', id: folderId, create: id === null, input, actor }, ctx);
  return { id: folderId, position: r.position };
};

export const deleteManualFolder = async (w: WriteContext, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, manualDecider, manualStreamId(id), { type: 'DeleteManualFolder', id, actor }, ctx);
  return { id, position: r.position };
};

/** Creates (id absent) or changes an item of folder `folderId`; `files` is the item's whole new list. */
export const saveManualItem = async (
  w: WriteContext,
  folderId: number,
  id: number | null,
  input: unknown,
  files: StoredFile[],
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const itemId = id ?? (await w.ids.next('manual_item'));
  const r = await handleCommand(w.store, manualDecider, manualStreamId(folderId), {
    type: 'SaveManualItem', id: itemId, manual_id: folderId, create: id === null, input, files, actor,
  }, ctx);
  return { id: itemId, position: r.position };
};

export const deleteManualItem = async (w: WriteContext, folderId: number, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, manualDecider, manualStreamId(folderId), { type: 'DeleteManualItem', id, manual_id: folderId, actor }, ctx);
  return { id, position: r.position };
};
