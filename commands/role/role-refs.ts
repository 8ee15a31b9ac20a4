import { roleDecider, roleStreamId } from '../../domain/role/decider';
import type { RoleLookup } from '../../domain/user/decider';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { readAggregate } from '../aggregate';
import { uniqueIds } from '../shared/ids';

/** Existing roles among `ids`, with what assigning them hands out, read from their streams (never behind). */
export const roleRefs = async (store: EventStore, ids: readonly number[]): Promise<RoleLookup[]> => {
  const found = await Promise.all(
    uniqueIds(ids).map(async (id): Promise<RoleLookup | null> => {
      const { state: s } = await readAggregate(store, roleDecider, roleStreamId(id));
      return s.status === 'active' && s.role
        ? { id, access_level: s.role.access_level, role_is_hotline: s.role.role_is_hotline, rightsObject: s.role.rightsObject }
        : null;
    }),
  );
  return found.filter((r): r is RoleLookup => r !== null);
};
