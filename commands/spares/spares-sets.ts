import { sparesSetDecider, sparesSetStreamId, type SparesItem } from '../../domain/spares/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';

/** Registers a spare-parts set (ЗИП) of a region; item ids come from the id counter. */
export const registerSparesSet = async (
  w: WriteContext,
  input: { region_id: number; title: string; contract: string; items: Array<Omit<SparesItem, 'id'>> },
  actor: Actor,
  context: CommandContext,
): Promise<CommandOutcome> => {
  const id = await w.ids.next('spares_set');
  const first = await w.ids.nextBlock('spares_item', Math.max(1, input.items.length));
  const items = input.items.map((item, i) => ({ ...item, id: first + i }));
  const r = await handleCommand(w.store, sparesSetDecider, sparesSetStreamId(id), {
    type: 'RegisterSparesSet', actor, id, region_id: input.region_id, title: input.title, contract: input.contract, items,
  }, context);
  return { id, position: r.position };
};
