import {
  ANY,
  END,
  EventStoreDBClient,
  FORWARDS,
  BACKWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type ResolvedEvent,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import { catchUpSubscription } from '../catch-up-subscription';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type AppendBatch,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';
import type { DatabasePool } from 'slonik';
import { WakeUp } from '../../wake-up';
import { applyIndexChange } from '../../write-index';
import { applyCredentialChange } from '../../credentials';
import { claimYearlyNumber, releaseUnique } from '../../unique-values';
import { withValueAt } from '../with-value-at';

const toEsdbExpected = (e: ExpectedRevision): AppendExpectedRevision =>
  e === 'no_stream' ? NO_STREAM : e === 'any' ? ANY : e === 'stream_exists' ? STREAM_EXISTS : BigInt(e);

interface StoredMetadata extends EventMetadata {
  readonly schemaVersion?: number;
}

const toStored = (resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null => {
  const e = resolved.event;
  if (!e || !e.position || e.streamId.startsWith('$') || e.type.startsWith('$')) return null;
  const { schemaVersion, ...metadata } = (e.metadata ?? {}) as unknown as StoredMetadata;
  return {
    streamId: e.streamId,
    revision: Number(e.revision),
    position: { commit: e.position.commit, prepare: e.position.prepare },
    type: e.type,
    data: e.data,
    metadata,
    schemaVersion: schemaVersion ?? 1,
  };
};

/**
 * EventStoreDB adapter, selected by EVENTSTORE_URL. The schema version travels inside the
 * event metadata; positions are the server's own commit/prepare positions.
 *
 * Write-side indexes live in PostgreSQL (`indexDb`). EventStoreDB shares no transaction with it,
 * so an index change is applied right after the append succeeds: a crash between the two leaves
 * the index one change behind (docs/decisions.md, "Write-side invariants"). Without `indexDb`
 * an append that carries an index change is refused rather than silently losing it.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private live: AllStreamSubscription | null = null;
  private readonly appended = new WakeUp();

  constructor(
    connectionString: string,
    private readonly indexDb?: DatabasePool,
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, given: readonly NewEvent[], { expectedRevision, indexes = [], yearlyNumber, credential }: AppendOptions): Promise<AppendResult> {
    if (given.length === 0) throw new Error(`append to ${streamId}: no events`);
    if (credential && !this.indexDb) throw new Error(`append to ${streamId}: credentials need the PostgreSQL pool`);
    if (indexes.length && !this.indexDb) throw new Error(`append to ${streamId}: write-side index ${indexes.map((c) => c.index).join(', ')} needs the PostgreSQL pool`);
    if (yearlyNumber && !this.indexDb) throw new Error(`append to ${streamId}: a yearly number needs the PostgreSQL pool`);
    // No transaction spans EventStoreDB and PostgreSQL: the number is claimed first, given back if the append fails.
    const number = yearlyNumber ? await claimYearlyNumber(this.indexDb!, yearlyNumber.scope, yearlyNumber.year, yearlyNumber.owner) : undefined;
    const events = yearlyNumber ? given.map((e, i) => (i === 0 ? { ...e, data: withValueAt(e.data, yearlyNumber.path, number) } : e)) : given;
    try {
      const r = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            type: e.type,
            data: (e.data ?? null) as JSONType,
            metadata: { ...e.metadata, schemaVersion: e.schemaVersion ?? 1 } as unknown as JSONType,
          }),
        ),
        { expectedRevision: toEsdbExpected(expectedRevision) },
      );
      if (!r.position) throw new Error('EventStoreDB did not return a position');
      for (const change of indexes) await applyIndexChange(this.indexDb!, change);
      if (credential) await applyCredentialChange(this.indexDb!, credential);
      this.appended.wake();
      return { nextRevision: Number(r.nextExpectedRevision), position: { ...r.position }, ...(number !== undefined ? { number } : {}) };
    } catch (error) {
      if (yearlyNumber && number !== undefined) await releaseUnique(this.indexDb!, yearlyNumber.scope, `${yearlyNumber.year}-${number}`, yearlyNumber.owner).catch(() => {});
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(streamId, expectedRevision, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
      }
      throw error;
    }
  }

  /**
   * NOT atomic here: EventStoreDB has no transaction across streams, so the batches are appended
   * stream by stream in order and a failure midway leaves the earlier ones written. The default
   * PostgreSQL adapter is the one that gives the import its all-or-nothing replacement.
   */
  async appendMany(batches: readonly AppendBatch[]): Promise<AppendResult[]> {
    const out: AppendResult[] = [];
    for (const b of batches) out.push(await this.append(b.streamId, b.events, { expectedRevision: b.expectedRevision, ...(b.indexes ? { indexes: b.indexes } : {}) }));
    return out;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const e = toStored(resolved);
        if (e) out.push(e);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    // $all reads are inclusive of the start position; ask one extra and drop it.
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: after ? { commit: after.commit, prepare: after.prepare } : START,
      maxCount: maxCount + 1,
    })) {
      const e = toStored(resolved);
      if (!e) continue;
      if (after && comparePositions(e.position, after) <= 0) continue;
      out.push(e);
      if (out.length === maxCount) break;
    }
    return out;
  }

  async headPosition() {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 50 })) {
      const e = toStored(resolved);
      if (e) return e.position;
    }
    return null;
  }

  subscribe(options: SubscribeOptions): Subscription {
    return catchUpSubscription(this, options, 1000);
  }

  async waitForAppend(timeoutMs: number): Promise<void> {
    this.ensureLive();
    await this.appended.wait(timeoutMs);
  }

  /** A live $all subscription from the end is our wake-up hint for appends by other processes. */
  private ensureLive() {
    if (this.live) return;
    this.live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.live.on('data', () => this.appended.wake());
    this.live.on('error', () => {
      this.live = null;
    });
  }


  async close(): Promise<void> {
    this.appended.wake();
    await this.live?.unsubscribe().catch(() => {});
    this.live = null;
    await this.client.dispose();
  }
}
