import { useCallback, useSyncExternalStore } from 'react';
import { useAppSelector } from '@/lib/store';
import { selectCurrentUser } from '@/lib/session';

/** How tall a registry's rows are: `compact` one line each (the whole text in a tooltip), `normal` wrapped. */
export type Density = 'compact' | 'normal';

export const DENSITY_TITLES: Readonly<Record<Density, string>> = { compact: 'Компактно', normal: 'Обычно' };

/**
 * Kept in this browser's localStorage under the user's id: a view preference, not data the server
 * must know, and the same desk's browser is where a user works. Every registry reads the one key, so
 * a choice made on one list holds on the others.
 */
const keyOf = (userId: number | undefined) => `registry-density:${userId ?? 'anonymous'}`;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key?.startsWith('registry-density:') && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const read = (key: string): Density => {
  try {
    return window.localStorage.getItem(key) === 'normal' ? 'normal' : 'compact';
  } catch {
    return 'compact';
  }
};

/** The current user's density and its setter (compact unless the user chose otherwise). */
export const useRegistryDensity = (): readonly [Density, (density: Density) => void] => {
  const key = keyOf(useAppSelector(selectCurrentUser)?.id);
  const density = useSyncExternalStore(subscribe, () => read(key));
  const set = useCallback(
    (next: Density) => {
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // A browser without storage keeps the choice for this page only.
      }
      for (const l of listeners) l();
    },
    [key],
  );
  return [density, set] as const;
};
