import { describe, expect, it } from 'vitest';
import { upcastEvent, type Upcaster } from '../../../infrastructure/eventstore/upcasting';
import type { StoredEvent } from '../../../infrastructure/eventstore/port';

const stored = (type: string, data: unknown, schemaVersion: number): StoredEvent => ({
  streamId: 's-1',
  revision: 0,
  position: { commit: 1n, prepare: 1n },
  type,
  data,
  metadata: { userId: null, correlationId: 'c', causationId: null, timestamp: '2026-01-01T00:00:00.000Z' },
  schemaVersion,
});

describe('upcasting', () => {
  const upcasters: Upcaster[] = [
    { type: 'UserRegistered', fromVersion: 1, upcast: (d) => ({ ...(d as object), patronymic: '' }) },
    { type: 'UserRegistered', fromVersion: 2, upcast: (d) => ({ ...(d as object), units: [] }) },
  ];
  const byKey = new Map(upcasters.map((u) => [`${u.type}@${u.fromVersion}`, u]));

  it('given an event of version 1, when read, then it is upgraded through every step', () => {
    const e = upcastEvent(byKey, stored('UserRegistered', { name: 'Иван' }, 1));
    expect(e.data).toEqual({ name: 'Иван', patronymic: '', units: [] });
    expect(e.schemaVersion).toBe(3);
  });

  it('given an event of the current version, when read, then it is returned untouched', () => {
    const original = stored('UserRegistered', { name: 'Иван', patronymic: '', units: [] }, 3);
    expect(upcastEvent(byKey, original)).toBe(original);
  });
});
