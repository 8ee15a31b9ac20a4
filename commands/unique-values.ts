import type { CommandContext } from '../domain/shared/events';
import { toNewEvents } from './handle-command';
import { WrongExpectedRevisionError, type EventStore } from './eventstore/port';

/**
 * Uniqueness across aggregates (logins, request numbers) without a cross-stream transaction:
 * a value is claimed by appending to its own stream `unique-{scope}:{value}`, which only one
 * writer can win. Releasing appends a release event so the value can be claimed again.
 */
export const uniqueStreamId = (scope: string, value: string) => `unique-${scope}:${value}`;

interface Reservation {
  readonly owner: string;
}

export type ClaimResult = { readonly ok: true } | { readonly ok: false; readonly owner: string };

const currentOwner = async (store: EventStore, streamId: string) => {
  const events = await store.readStream(streamId);
  const last = events[events.length - 1];
  return {
    revision: events.length - 1,
    owner: last && last.type === 'UniqueValueClaimed' ? (last.data as Reservation).owner : null,
  };
};

export const claimUnique = async (
  store: EventStore,
  scope: string,
  value: string,
  owner: string,
  context: CommandContext,
): Promise<ClaimResult> => {
  const streamId = uniqueStreamId(scope, value);
  // Most values are claimed for the first time (a fresh request number): try that without reading.
  try {
    await store.append(streamId, toNewEvents([{ type: 'UniqueValueClaimed', data: { scope, value, owner } }], context), { expectedRevision: 'no_stream' });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await currentOwner(store, streamId);
    if (current.owner === owner) return { ok: true };
    if (current.owner !== null) return { ok: false, owner: current.owner };
    try {
      await store.append(
        streamId,
        toNewEvents([{ type: 'UniqueValueClaimed', data: { scope, value, owner } }], context),
        { expectedRevision: current.revision < 0 ? 'no_stream' : current.revision },
      );
      return { ok: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  const again = await currentOwner(store, streamId);
  return again.owner === owner ? { ok: true } : { ok: false, owner: again.owner ?? 'unknown' };
};

export const releaseUnique = async (
  store: EventStore,
  scope: string,
  value: string,
  owner: string,
  context: CommandContext,
): Promise<void> => {
  const streamId = uniqueStreamId(scope, value);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await currentOwner(store, streamId);
    if (current.owner !== owner) return;
    try {
      await store.append(
        streamId,
        toNewEvents([{ type: 'UniqueValueReleased', data: { scope, value, owner } }], context),
        { expectedRevision: current.revision },
      );
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
};
