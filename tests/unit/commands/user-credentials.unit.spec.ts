import { describe, expect, it } from 'vitest';
import { credentialChangeOf } from '../../../commands/user/credentials';
import { upcasters } from '../../../api/upcasters';
import { upcastEvent } from '../../../infrastructure/eventstore/upcasting';

const events = (...types: string[]) => types.map((type) => ({ type, data: { id: 5 } }));

describe('what user events do to the credentials', () => {
  it('a registration stores the hash; a password change stores it and ends the sessions', () => {
    expect(credentialChangeOf(5, 'h1')(events('UserRegistered'))).toEqual({ userId: 5, passwordHash: 'h1' });
    expect(credentialChangeOf(5, 'h2')(events('UserProfileChanged', 'UserPasswordChanged'))).toEqual({ userId: 5, passwordHash: 'h2', endSessions: true });
  });

  it('a deactivation ends the sessions and keeps the hash; a deletion drops it', () => {
    expect(credentialChangeOf(5, null)(events('UserProfileChanged', 'UserDeactivated'))).toEqual({ userId: 5, endSessions: true });
    expect(credentialChangeOf(5, null)(events('UserDeleted'))).toEqual({ userId: 5, forget: true, endSessions: true });
  });

  it('a profile change or a sign-in touches nothing', () => {
    expect(credentialChangeOf(5, null)(events('UserProfileChanged'))).toBeUndefined();
    expect(credentialChangeOf(5, null)(events('UserSignedIn'))).toBeUndefined();
  });
});

describe('user events of version 1', () => {
  const byKey = new Map(upcasters.map((u) => [`${u.type}@${u.fromVersion}`, u]));
  const stored = (type: string, data: unknown, schemaVersion = 1) => ({
    streamId: 'user-5', revision: 0, position: { commit: 1n, prepare: 1n }, type, data, schemaVersion,
    metadata: { userId: 1, correlationId: 'c', causationId: null, timestamp: '2025-01-01T00:00:00.000Z' },
  });

  it('lose the hash they carried and nothing else', () => {
    const user = { login: 'petrov' };
    expect(upcastEvent(byKey, stored('UserRegistered', { id: 5, user, password_hash: 'scrypt$x' }))).toMatchObject({ data: { id: 5, user }, schemaVersion: 2 });
    expect(upcastEvent(byKey, stored('UserPasswordChanged', { id: 5, password_hash: 'scrypt$y' })).data).toEqual({ id: 5 });
    const current = stored('UserPasswordChanged', { id: 5 }, 2);
    expect(upcastEvent(byKey, current)).toBe(current);
  });
});
