import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ENCRYPTED_PREFIX, isEncrypted } from '../../domain/hotline/secret';

/**
 * Hot line passwords at rest: AES-256-GCM with a key derived (SHA-256) from HOTLINE_SECRET_KEY, a
 * setting and never the database. Stored as `enc:v1:<iv>.<tag>.<cipher>` (base64url). Without a key
 * values are kept as written (and an encrypted one cannot be read: the call is refused).
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** For the organisation decider (PasswordSeal): null when no key is set (passwords stored as given). */
  seal: { seal(plain: string): string; matches(stored: string, plain: string): boolean } | null;
  /** What a holder of RIGHT_HOTLINE_PASS is shown: the password, or null when it cannot be read. */
  reveal(stored: string | null | undefined): string | null;
}

export const secretBox = (secret: string | null): SecretBox => {
  const key = secret ? createHash('sha256').update(secret, 'utf8').digest() : null;
  const box: SecretBox = {
    seal: null,
    reveal: (stored) => {
      if (stored == null) return null;
      try {
        return box.decrypt(stored);
      } catch {
        return null;
      }
    },
    encrypt: (plain) => {
      if (!key || isEncrypted(plain)) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${ENCRYPTED_PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
    },
    decrypt: (stored) => {
      if (!isEncrypted(stored)) return stored;
      if (!key) throw new Error('HOTLINE_SECRET_KEY is not set: the hot line password cannot be read');
      const [iv = '', tag = '', data = ''] = stored.slice(ENCRYPTED_PREFIX.length).split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
  if (key) box.seal = { seal: (plain) => box.encrypt(plain), matches: (stored, plain) => box.reveal(stored) === plain };
  return box;
};
