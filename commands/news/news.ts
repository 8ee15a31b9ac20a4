import { catalogDecider, catalogStreamId } from '../../domain/catalog/decider';
import { programs } from '../../domain/catalog/definitions';
import { newsDecider, newsStreamId, type NewsState } from '../../domain/news/decider';
import type { StoredFile } from '../../domain/news/files';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { readAggregate } from '../aggregate';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';

/** The chosen software as its own stream has it (its type decides "special software only"). */
const programOf = async (w: WriteContext, raw: unknown): Promise<{ type: number } | null> => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) return null;
  const { state } = await readAggregate(w.store, catalogDecider, catalogStreamId(programs.name, id));
  return state.status === 'active' && state.item ? { type: Number(state.item.type) } : null;
};

/** The news item as its stream has it (files kept on an edit are chosen from these). */
export const loadNews = async (w: WriteContext, id: number): Promise<NewsState> => (await readAggregate(w.store, newsDecider, newsStreamId(id))).state;

/** Creates (id absent) or changes a support news item; `files` is the whole new list of its files. */
export const saveNews = async (
  w: WriteContext,
  id: number | null,
  input: Record<string, unknown>,
  files: StoredFile[],
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const newsId = id ?? (await w.ids.next('news'));
  const current = id === null ? null : await loadNews(w, id);
  const programId = input.program_id ?? current?.item?.program_id;
  const r = await handleCommand(w.store, newsDecider, newsStreamId(newsId), {
    type: 'SaveNews', id: newsId, create: id === null, input, files, program: await programOf(w, programId), today: ctx.now.slice(0, 10), actor,
  }, ctx);
  return { id: newsId, position: r.position };
};

export const deleteNews = async (w: WriteContext, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, newsDecider, newsStreamId(id), { type: 'DeleteNews', id, actor }, ctx);
  return { id, position: r.position };
};
