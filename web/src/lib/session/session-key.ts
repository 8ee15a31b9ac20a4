/**
 * Session storage keeps the signed-in user (with the token) under this fixed key. A module of its own,
 * free of build-time values, so the browser tests' harness reads the very same key.
 */
export const SESSION_STORAGE_KEY = 'court-it-support.user';
