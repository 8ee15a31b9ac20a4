import type { DatabasePool } from 'slonik';
import type { EventStore, Position } from '../infrastructure/eventstore/port';
import type { IdAllocator } from '../infrastructure/ids';
import type { NotificationLookupPort } from './notification/lookup-port';
import type { OrganizationLookupPort } from './organization/lookup-port';
import type { RequestLookupPort } from './request/lookup-port';
import type { ToolLookupPort } from './tool/lookup-port';
import type { InventoryLookupPort } from './inventory/lookup-port';

/** Everything handlers read from the read side, through ports the composition root wires. */
export type WriteLookups = OrganizationLookupPort & RequestLookupPort & NotificationLookupPort & ToolLookupPort & InventoryLookupPort;

/**
 * What command handlers work with: the event store, the pool for the write-side tables (counters,
 * claims, write-side indexes) and the lookup ports (caching, if any, is the ports' business).
 */
export interface WriteContext {
  readonly store: EventStore;
  readonly pool: DatabasePool;
  readonly ids: IdAllocator;
  /** Lookups the read side answers (api/write-lookups.ts). */
  readonly lookups: WriteLookups;
}

export interface CommandOutcome {
  readonly id: number;
  /** Position of the last event written; null when nothing changed. */
  readonly position: Position | null;
}

/** The later of two positions (several streams written by one command). */
export const latest = (...positions: Array<Position | null>): Position | null =>
  positions.reduce<Position | null>((a, b) => {
    if (!a) return b;
    if (!b) return a;
    return a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare) ? a : b;
  }, null);
