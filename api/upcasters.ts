import type { Upcaster } from '../infrastructure/eventstore/upcasting';

/** Drops a password hash that version 1 of a user event carried (infrastructure/credentials.ts). */
const withoutPasswordHash = (data: unknown): unknown => {
  if (!data || typeof data !== 'object' || !('password_hash' in data)) return data;
  const { password_hash: _hash, ...rest } = data as Record<string, unknown>;
  return rest;
};

/** Event shape upgrades, oldest first. */
export const upcasters: Upcaster[] = [
  { type: 'UserRegistered', fromVersion: 1, upcast: withoutPasswordHash },
  { type: 'UserPasswordChanged', fromVersion: 1, upcast: withoutPasswordHash },
];
