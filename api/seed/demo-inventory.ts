import type { CommandContext } from '../../domain/shared/events';
import { finishInventory, scanInventory, startInventory } from '../../commands/inventory/inventory';
import type { AppContext } from '../context';
import { scopeOf } from '../auth/current-user';
import type { DemoUser } from './demo-world';

/**
 * Two inventory rounds at the demo court, through the real handlers: a finished one (most units
 * found, one missing, one unknown label) on the court's first building, and one in progress on its
 * second (or the same building after the first finished). Every demo tool already prints a label.
 */
export const seedDemoInventory = async (ctx: AppContext, engineer: DemoUser, courtUnitIds: readonly number[], contextAt: (msAgo: number) => CommandContext) => {
  const caller = { actor: engineer.actor, scope: scopeOf(engineer.user, 'RIGHT_TOOLS_READ'), publicUrl: ctx.config.publicUrl };
  const first = courtUnitIds[0];
  if (first === undefined) return;
  const second = courtUnitIds[1] ?? first;
  const day = 24 * 3_600_000;
  const done = await startInventory(ctx, caller, { unit_ids: [first] }, contextAt(3 * day));
  const tools = await ctx.lookups.inventoryToolsOfUnits([first]);
  for (const [i, t] of tools.slice(0, Math.max(0, tools.length - 1)).entries()) await scanInventory(ctx, caller, done.id, { tool_id: t.tool_id }, contextAt(3 * day - (i + 1) * 60_000));
  await scanInventory(ctx, caller, done.id, { code: 'ИНВ-БЕЗ-КАРТОЧКИ-1', confirm_unknown: true }, contextAt(3 * day - 3_600_000));
  await finishInventory(ctx, caller, done.id, { signers: [{ post: 'Инженер', name: engineer.user.fio }] }, contextAt(3 * day - 2 * 3_600_000));
  const open = await startInventory(ctx, caller, { unit_ids: [second] }, contextAt(3_600_000));
  const some = await ctx.lookups.inventoryToolsOfUnits([second]);
  for (const [i, t] of some.slice(0, Math.ceil(some.length / 2)).entries()) await scanInventory(ctx, caller, open.id, { tool_id: t.tool_id }, contextAt(3_600_000 - (i + 1) * 30_000));
};
