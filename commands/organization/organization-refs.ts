import { organizationDecider, organizationStreamId, type HostLookup } from '../../domain/organization/decider';
import type { OrganizationRef, UnitRef } from '../../domain/rights/privilege';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { readAggregate } from '../aggregate';
import type { WriteContext } from '../context';
import { uniqueIds } from '../shared/ids';

/**
 * Reference checks of administration commands read the referenced organisations' own streams (the
 * truth, never behind), not the read models: an id is known when its stream says it exists.
 */
const organizationStates = async (store: EventStore, ids: readonly number[]) =>
  Promise.all(uniqueIds(ids).map(async (id) => ({ id, state: (await readAggregate(store, organizationDecider, organizationStreamId(id))).state })));

/** Existing (not deleted) organisations among `ids`. */
export const organizationRefs = async (store: EventStore, ids: readonly number[]): Promise<OrganizationRef[]> =>
  (await organizationStates(store, ids)).flatMap(({ id, state }) =>
    state.status === 'active' && state.organization ? [{ id, region_id: state.organization.region_id }] : [],
  );

/** An existing organisation as a host choice or a move target sees it. */
export const hostRef = async (store: EventStore, id: number | null): Promise<HostLookup | null> => {
  if (!id) return null;
  const [found] = await organizationStates(store, [id]);
  const org = found?.state.status === 'active' ? found.state.organization : null;
  return org ? { id, region_id: org.region_id, is_host: org.is_host } : null;
};

/**
 * Existing buildings among `ids`. The read model says which organisation holds a building (a
 * reference lookup); that organisation's stream confirms it (a building moved or removed since is
 * not found).
 */
export const unitRefs = async (w: Pick<WriteContext, 'store' | 'lookups'>, ids: readonly number[]): Promise<UnitRef[]> => {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return [];
  const rows = await w.lookups.listUnits({ unitIds: wanted });
  const orgs = await organizationStates(w.store, rows.map((u) => Number(u.organization_id)));
  return orgs.flatMap(({ id, state }) =>
    state.status !== 'active'
      ? []
      : state.units.filter((u) => wanted.includes(u.id)).map((u) => ({ id: u.id, organization_id: id, region_id: u.region_id })),
  );
};
