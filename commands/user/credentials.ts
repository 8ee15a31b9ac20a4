import type { DomainEvent } from '../../domain/shared/events';
import type { CredentialChange } from '../../infrastructure/credentials';

/**
 * What a user stream's new events do to the account's credentials: a registration or a password
 * change stores the new hash; a password change, a deactivation or a deletion ends every session
 * of the account at once; a deletion drops the hash.
 */
export const credentialChangeOf =
  (userId: number, passwordHash: string | null) =>
  (events: readonly DomainEvent[]): CredentialChange | undefined => {
    const types = new Set(events.map((e) => e.type));
    const setsPassword = (types.has('UserRegistered') || types.has('UserPasswordChanged')) && passwordHash !== null;
    const forget = types.has('UserDeleted');
    const endSessions = types.has('UserPasswordChanged') || types.has('UserDeactivated') || forget;
    if (!setsPassword && !endSessions) return undefined;
    return { userId, ...(setsPassword && !forget ? { passwordHash } : {}), ...(forget ? { forget } : {}), ...(endSessions ? { endSessions } : {}) };
  };
