import { organizationDecider, organizationStreamId } from '../../domain/organization/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { notFound } from '../../domain/shared/errors';
import { findHost, findUnit } from '../../projections/organizations/queries';
import { handleCommand } from '../handle-command';
import { latest, type CommandOutcome, type WriteContext } from '../context';

/** Gives submitted buildings without an id a new unit id (ids are global: requests refer to units). */
const withUnitIds = async (w: WriteContext, units: unknown): Promise<{ units: unknown; newUnitIds: number[] }> => {
  if (!Array.isArray(units)) return { units, newUnitIds: [] };
  const newUnitIds: number[] = [];
  const withIds = await Promise.all(
    units.map(async (u: unknown) => {
      if (!u || typeof u !== 'object' || (u as { id?: unknown }).id) return u;
      const id = await w.ids.next('unit');
      newUnitIds.push(id);
      return { ...(u as object), id };
    }),
  );
  return { units: withIds, newUnitIds };
};

export const saveOrganization = async (
  w: WriteContext,
  id: number | null,
  input: unknown,
  units: unknown,
  actor: Actor,
  ctx: CommandContext,
  fixedId?: number,
): Promise<CommandOutcome> => {
  const orgId = id ?? fixedId ?? (await w.ids.next('organization'));
  const hostId = (input as { host_id?: unknown } | null)?.host_id;
  const host = await findHost(w.pool, Number(hostId) || null);
  const r = await handleCommand(w.store, organizationDecider, organizationStreamId(orgId), {
    type: 'SaveOrganization', id: orgId, input, ...(await withUnitIds(w, units)), existing: id !== null, host, actor,
  }, ctx);
  return { id: orgId, position: r.position };
};

export const deleteOrganization = async (w: WriteContext, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, organizationDecider, organizationStreamId(id), { type: 'DeleteOrganization', id, actor }, ctx);
  return { id, position: r.position };
};

/** Moves a building to another organisation: the target records it first, then the source lets it go. */
export const moveUnit = async (
  w: WriteContext,
  unitId: number,
  toOrganizationId: number,
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const unit = await findUnit(w.pool, unitId);
  if (!unit) throw notFound('Здание не найдено');
  const target = await findHost(w.pool, toOrganizationId);
  if (!target) throw notFound('Организация не найдена');
  if (unit.organization_id === toOrganizationId) return { id: unitId, position: null };
  // Check the source can let it go before the target takes it.
  const out = await handleCommand(w.store, organizationDecider, organizationStreamId(unit.organization_id), {
    type: 'MoveUnitOut', unitId, to: { id: target.id, region_id: target.region_id }, actor,
  }, ctx);
  const into = await handleCommand(w.store, organizationDecider, organizationStreamId(toOrganizationId), {
    type: 'ReceiveUnit', organizationId: toOrganizationId, unit, actor,
  }, ctx);
  return { id: unitId, position: latest(out.position, into.position) };
};
