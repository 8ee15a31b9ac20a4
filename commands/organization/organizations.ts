import { organizationDecider, organizationStreamId, type PasswordSeal } from '../../domain/organization/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { notFound } from '../../domain/shared/errors';
import { organizationKinds, regions } from '../../domain/catalog/definitions';
import { existingCatalogIds } from '../catalog/catalog-refs';
import { hostRef } from './organization-refs';
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
  secrets?: PasswordSeal,
): Promise<CommandOutcome> => {
  const orgId = id ?? fixedId ?? (await w.ids.next('organization'));
  const fields = (input ?? {}) as { host_id?: unknown; region_id?: unknown; kind_id?: unknown };
  const host = await hostRef(w.store, Number(fields.host_id) || null);
  const refs = {
    regions: await existingCatalogIds(w.store, regions.name, [Number(fields.region_id)]),
    kinds: await existingCatalogIds(w.store, organizationKinds.name, [Number(fields.kind_id)]),
  };
  const r = await handleCommand(w.store, organizationDecider, organizationStreamId(orgId), {
    type: 'SaveOrganization', id: orgId, input, ...(await withUnitIds(w, units)), existing: id !== null, host, refs, actor, ...(secrets ? { secrets } : {}),
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
  const unit = await w.lookups.findUnit(unitId);
  if (!unit) throw notFound('Здание не найдено');
  const target = await hostRef(w.store, toOrganizationId);
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
