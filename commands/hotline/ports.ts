import type { OutboxItem, OutboxKind, OutboxStatus } from '../../domain/hotline/keys';

export type { OutboxItem };

/**
 * The outbox (projections/outbox): a record of every outgoing mail and hot line call written
 * BEFORE the effect ('pending', with its key) and updated after it, so a crash in between leaves a
 * visible pending item whose job is retried with the same key.
 */
export interface OutboxPort {
  /** Inserts the item as pending; an existing key is left as it is. Returns the item as stored. */
  start(item: { key: string; kind: OutboxKind; request_id: number | null; payload: unknown }): Promise<OutboxItem>;
  /** Status after an attempt; `attempted` counts the attempt. */
  finish(key: string, status: OutboxStatus, fields: { error?: string | null; result?: string | null; attempted?: boolean }): Promise<void>;
  get(key: string): Promise<OutboxItem | null>;
  /** Number of refused hot line registrations of a request (the next key's generation). */
  refusedRegistrations(requestId: number): Promise<number>;
}

/** Hot line credentials of the organisation of a unit (decrypted), or null when it has none. */
export interface HotlineCredentials {
  readonly email: string;
  readonly password: string;
}

export interface HotlineLookupPort {
  credentialsOfUnit(unitId: number): Promise<HotlineCredentials | null>;
  /** Names for mail texts: the unit's and its organisation's. */
  unitAndOrganization(unitId: number): Promise<{ unit: string; organization: string }>;
  /** Active users holding RIGHT_SETTINGS FULL (the outbox's operators): told of a final failure. */
  administrators(): Promise<number[]>;
}
