import { samePosition } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';

/**
 * Waits until every processor, the reactions too, has handled the whole log, the events the
 * reactions appended meanwhile included (they may set off more). The demo seed settles after each
 * command, so a reaction decides on the state its event left and a command's lookups see the read
 * models with everything before it: the seed gives the same log on every start.
 */
export const settle = async (ctx: Pick<AppContext, 'store' | 'runner'>, timeoutMs = 120_000): Promise<void> => {
  const names = ctx.runner.status().map((p) => p.name);
  const deadline = Date.now() + timeoutMs;
  for (let head = await ctx.store.headPosition(); head; ) {
    if (!(await ctx.runner.waitFor(head, Math.max(1, deadline - Date.now()), names))) throw new Error('the read models and reactions did not catch up');
    const next = await ctx.store.headPosition();
    if (samePosition(next, head)) return;
    head = next;
  }
};
