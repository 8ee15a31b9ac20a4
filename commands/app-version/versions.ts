import { APP_VERSIONS_STREAM, appVersionDecider, type AppVersionState } from '../../domain/app-version/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { readAggregate } from '../aggregate';
import type { CommandOutcome, WriteContext } from '../context';
import { handleCommand } from '../handle-command';
import { sanitizeNotes } from './sanitize';

export const saveVersionEntry = async (w: WriteContext, id: number | null, input: unknown, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const entryId = id ?? (await w.ids.next('app_version'));
  const r = await handleCommand(
    w.store,
    appVersionDecider,
    APP_VERSIONS_STREAM,
    { type: 'SaveVersionEntry', id: entryId, existing: id !== null, input, sanitize: sanitizeNotes, actor },
    ctx,
  );
  return { id: entryId, position: r.position };
};

export const deleteVersionEntry = async (w: WriteContext, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, appVersionDecider, APP_VERSIONS_STREAM, { type: 'DeleteVersionEntry', id, actor }, ctx);
  return { id, position: r.position };
};

/**
 * The history as its one stream folds it. A few dozen entries in one stream: the page reads the
 * stream itself rather than a read model of it (no lag after an edit, nothing to rebuild).
 */
export const readVersionHistory = async (w: Pick<WriteContext, 'store'>): Promise<AppVersionState> =>
  (await readAggregate(w.store, appVersionDecider, APP_VERSIONS_STREAM)).state;
