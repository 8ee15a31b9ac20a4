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
  describe('event store contract: EventStoreDB', () => {
    it.skip('runs when EVENTSTORE_URL is set', () => {});
  });
}
