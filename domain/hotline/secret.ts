/** Prefix of a hot line password encrypted at rest (AES-256-GCM, see infrastructure/secret-box.ts). */
export const ENCRYPTED_PREFIX = 'enc:v1:';
export const isEncrypted = (stored: string | null | undefined): boolean => (stored ?? '').startsWith(ENCRYPTED_PREFIX);
