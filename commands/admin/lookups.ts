import type { EventStore } from '../../infrastructure/eventstore/port';
import type { WriteContext } from '../context';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/events';
import { foldEvents } from '../../domain/shared/decider';
import { catalogDecider, catalogStreamId } from '../../domain/catalog/decider';
import { organizationDecider, organizationStreamId, type HostLookup } from '../../domain/organization/decider';
import { roleDecider, roleStreamId } from '../../domain/role/decider';
import { combineRights, type RightsObject } from '../../domain/rights/rights';
import type { OrganizationRef, UnitRef } from '../../domain/rights/privilege';
import type { RoleLookup } from '../../domain/user/decider';

/**
 * Reference checks of administration commands read the referenced aggregates' own streams (the
 * truth, never behind), not the read models: an id is known when its stream says it exists.
 */

const unique = (ids: readonly number[]) => [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];

const stateOf = async <S, E extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<S> =>
  foldEvents(decider, (await store.readStream(streamId)).map((e) => ({ type: e.type, data: e.data }) as E));

/** Existing roles among `ids`, with what assigning them hands out. */
export const roleRefs = async (store: EventStore, ids: readonly number[]): Promise<RoleLookup[]> => {
  const found = await Promise.all(
    unique(ids).map(async (id): Promise<RoleLookup | null> => {
      const s = await stateOf(store, roleDecider, roleStreamId(id));
      return s.status === 'active' && s.role
        ? { id, access_level: s.role.access_level, role_is_hotline: s.role.role_is_hotline, rightsObject: s.role.rightsObject }
        : null;
    }),
  );
  return found.filter((r): r is RoleLookup => r !== null);
};

/** The combined rights of the given roles as their streams hold them. */
export const rightsOfRoles = async (store: EventStore, ids: readonly number[]): Promise<RightsObject> =>
  combineRights(await roleRefs(store, ids));

const organizationStates = async (store: EventStore, ids: readonly number[]) =>
  Promise.all(unique(ids).map(async (id) => ({ id, state: await stateOf(store, organizationDecider, organizationStreamId(id)) })));

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
 * Existing buildings among `ids`. The read model says which organisation holds a building; that
 * organisation's stream confirms it (a building moved or removed since is not found).
 */
export const unitRefs = async (w: WriteContext, ids: readonly number[]): Promise<UnitRef[]> => {
  const wanted = unique(ids);
  if (wanted.length === 0) return [];
  const rows = await w.lookups.listUnits({ unitIds: wanted });
  const orgs = await organizationStates(w.store, rows.map((u) => Number(u.organization_id)));
  return orgs.flatMap(({ id, state }) =>
    state.status !== 'active'
      ? []
      : state.units.filter((u) => wanted.includes(u.id)).map((u) => ({ id: u.id, organization_id: id, region_id: u.region_id })),
  );
};

/** The ids among `ids` of existing items of a catalogue. */
export const existingCatalogIds = async (store: EventStore, catalog: string, ids: readonly number[]): Promise<number[]> => {
  const found = await Promise.all(
    unique(ids).map(async (id) => ((await stateOf(store, catalogDecider, catalogStreamId(catalog, id))).status === 'active' ? id : null)),
  );
  return found.filter((id): id is number => id !== null);
};
