import { afterAll, describe, it } from 'vitest';
import { EventStoreDbEventStore } from '../../../infrastructure/eventstore/eventstoredb/eventstoredb-event-store';
import { eventStoreContract } from './contract';

// EventStoreDB cannot be installed on our machines; the same contract runs when a server is given.
const url = process.env.EVENTSTORE_URL;

if (url) {
  const opened: EventStoreDbEventStore[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close();
  });
  eventStoreContract('EventStoreDB', {
    store: async () => {
      const s = new EventStoreDbEventStore(url);
      opened.push(s);
      return s;
    },
  });
} else {
  // The skip names why in the report: the adapter is unproven until this contract has run against a
  // real server (docs/ARCHITECTURE.md, Event store); do not read a green run as covering it.
  describe('event store contract: EventStoreDB (UNPROVEN)', () => {
    it.skip('skipped: EVENTSTORE_URL is not set, and EventStoreDB cannot be installed here, so this adapter has never passed the contract; set EVENTSTORE_URL to a real server to run it', () => {});
  });
}
