import { z } from 'zod';
import { SESSION_STORAGE_KEY } from './session-key';
import { currentUserSchema, type CurrentUser } from './current-user';

export interface StoredSession {
  readonly user: CurrentUser;
  readonly token: string;
}

const storedSessionSchema = z.object({ user: currentUserSchema, token: z.string().min(1) });

/** The session kept in sessionStorage, or null when absent, unreadable or of an old shape. */
export const readStoredSession = (): StoredSession | null => {
  try {
    const raw = window.sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const writeStoredSession = (session: StoredSession | null): void => {
  try {
    if (session) window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be disabled; the session then lives only as long as the page.
  }
};
