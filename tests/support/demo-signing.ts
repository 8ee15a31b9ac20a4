import { createSoftCa, issueSoftKey, type SoftCa } from '../../domain/signing/soft-ca';
import { signDetachedSoft, type SoftKey } from '../../domain/signing/soft-signer';
import type { ApiClient } from './app';

/**
 * Keys for signing tests: a CA of the test's own (the seeded demo CA's private key stays in the seeding
 * process's DATA_DIR), trusted through the administrator's route, and key files for its users.
 */
const year = 365 * 24 * 3600_000;
export const testValidity = () => ({ notBefore: new Date(Date.now() - 24 * 3600_000), notAfter: new Date(Date.now() + year) });

export const makeTestCa = (name = 'Тестовый УЦ'): Promise<SoftCa> => createSoftCa(name, testValidity());

/** Trusts `ca` as a root (POST /api/trusted_roots as an administrator). */
export const trustCa = async (admin: ApiClient, ca: SoftCa): Promise<void> => {
  const r = await admin.multipart('POST', '/api/trusted_roots', { certificate: ca.certificate });
  if (r.statusCode !== 200 && r.statusCode !== 409) throw new Error(`trusting a test CA: ${r.statusCode} ${r.body}`);
};

/** A `.key.json` for `owner`, issued by `ca`, as the user would pick it in the browser. */
export const makeKeyFile = async (ca: SoftCa, owner: string, validity = testValidity()): Promise<{ key: SoftKey; json: string }> => {
  const key = await issueSoftKey(ca, owner, validity);
  return { key, json: JSON.stringify(key) };
};

export const signBytes = async (key: SoftKey, bytes: Uint8Array): Promise<Buffer> => Buffer.from(await signDetachedSoft(key, bytes));
