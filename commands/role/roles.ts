import { roleDecider, roleStreamId } from '../../domain/role/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { notFound } from '../../domain/shared/errors';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';
import { countRoleHolders } from './role-holders';

export const saveRole = async (
  w: WriteContext,
  id: number | null,
  input: unknown,
  actor: Actor,
  ctx: CommandContext,
  fixedId?: number,
): Promise<CommandOutcome> => {
  const roleId = id ?? fixedId ?? (await w.ids.next('role'));
  const r = await handleCommand(w.store, roleDecider, roleStreamId(roleId), { type: 'SaveRole', id: roleId, input, actor }, ctx);
  if (id !== null && r.revision < 0) throw notFound('Роль не найдена');
  return { id: roleId, position: r.position };
};

export const deleteRole = async (w: WriteContext, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  // Counted in the write-side index the user streams keep in their own transactions: never behind.
  const assignedUsers = await countRoleHolders(w, id);
  const r = await handleCommand(w.store, roleDecider, roleStreamId(id), { type: 'DeleteRole', id, actor, assignedUsers }, ctx);
  return { id, position: r.position };
};
