export * from './current-user';
export * from './session-slice';
export { readStoredSession, writeStoredSession, type StoredSession } from './session-storage';
export { keepSessionStored } from './persist-session';
