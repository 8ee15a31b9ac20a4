import type { UserProfile } from '../../domain/user/decider';

/** The hot line marker: shown once, after the whole name, never inside it. */
export const HOTLINE_MARKER = '(ГЛ)';

const withoutMarker = (part: string | null): string | null => {
  if (part === null) return null;
  // Accounts were registered with the marker typed into the name ('Техподдержка … (ГЛ)'): the marker
  // belongs to the role, so it is taken out of the name and added once at the end.
  const cleaned = part.split(HOTLINE_MARKER).map((s) => s.trim()).filter(Boolean).join(' ').replace(/\s+,/g, ',').trim();
  return cleaned === '' ? null : cleaned;
};

/**
 * The name every screen shows for an account (rm_users.fio): surname, name and patronymic in that
 * order, then ' (ГЛ)' for hot line staff.
 */
export const displayNameOf = (u: Pick<UserProfile, 'surname' | 'name' | 'patronymic' | 'hotline_worker'>): string => {
  const parts = [u.surname, u.name, u.patronymic].map(withoutMarker).filter((p): p is string => p !== null);
  const hotline = u.hotline_worker || [u.surname, u.name, u.patronymic].some((p) => p?.includes(HOTLINE_MARKER));
  return [...parts, ...(hotline ? [HOTLINE_MARKER] : [])].join(' ');
};
