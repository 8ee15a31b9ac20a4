import { catalogDecider, catalogStreamId } from '../../domain/catalog/decider';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { readAggregate } from '../aggregate';
import { uniqueIds } from '../shared/ids';

/** The ids among `ids` of existing items of a catalogue, read from their streams (never behind). */
export const existingCatalogIds = async (store: EventStore, catalog: string, ids: readonly number[]): Promise<number[]> => {
  const found = await Promise.all(
    uniqueIds(ids).map(async (id) => ((await readAggregate(store, catalogDecider, catalogStreamId(catalog, id))).state.status === 'active' ? id : null)),
  );
  return found.filter((id): id is number => id !== null);
};
