import { createSoftCa, createSoftIssuingCa, issueSoftKey, type SoftCa, type SoftKeyOwner } from '../../domain/signing/soft-ca';
import { fromBase64, signDetachedSoft, type SoftKey } from '../../domain/signing/soft-signer';
import { parseCertificate } from '../../infrastructure/signature/certificate';
import type { CrlSource } from '../../infrastructure/signature/revocation';
import type { TrustStore } from '../../infrastructure/signature/verify-cms';
import type { ApiClient } from './app';

/**
 * Keys for signing tests: a CA of the test's own (the seeded demo CA's private key stays in the seeding
 * process's DATA_DIR), trusted through the administrator's route, key files for its users, and their
 * certificates registered to the accounts through the employee card's route.
 */
const year = 365 * 24 * 3600_000;
export const testValidity = () => ({ notBefore: new Date(Date.now() - 24 * 3600_000), notAfter: new Date(Date.now() + year) });

export const makeTestCa = (name = 'Тестовый УЦ'): Promise<SoftCa> => createSoftCa(name, testValidity());

/** A root and an issuing CA under it, as a qualified CA is. */
export const makeTestPki = async (name = 'Тестовый УЦ'): Promise<{ root: SoftCa; issuing: SoftCa }> => {
  const root = await createSoftCa(`${name} (корневой)`, testValidity());
  return { root, issuing: await createSoftIssuingCa(root, name, testValidity()) };
};

/** Trusts `ca` (POST /api/trusted_cas as an administrator): a root, or an intermediate CA. */
export const trustCa = async (admin: ApiClient, ca: SoftCa): Promise<void> => {
  const r = await admin.multipart('POST', '/api/trusted_cas', { certificate: ca.certificate });
  if (r.statusCode !== 200 && r.statusCode !== 409) throw new Error(`trusting a test CA: ${r.statusCode} ${r.body}`);
};

/** Registers the key's certificate to the account (the employee card's 'Сертификаты'). */
export const registerKey = async (admin: ApiClient, userId: number, key: Pick<SoftKey, 'certificate'>): Promise<void> => {
  const r = await admin.multipart('POST', `/api/users/${userId}/certificates`, { certificate: key.certificate });
  if (r.statusCode !== 200 && r.statusCode !== 409) throw new Error(`registering a test certificate: ${r.statusCode} ${r.body}`);
};

/** A `.key.json` for `owner`, issued by `ca`, as the user would pick it in the browser. */
export const makeKeyFile = async (ca: SoftCa, owner: string | SoftKeyOwner, validity = testValidity()): Promise<{ key: SoftKey; json: string }> => {
  const key = await issueSoftKey(ca, owner, validity);
  return { key, json: JSON.stringify(key) };
};

export const signBytes = async (key: SoftKey, bytes: Uint8Array): Promise<Buffer> => Buffer.from(await signDetachedSoft(key, bytes));

/** A trust store of these CAs for the verifier (unit tests): self-signed ones are roots. */
export const trustOf = (...cas: SoftCa[]): TrustStore => {
  const facts = cas.map((c) => parseCertificate(fromBase64(c.certificate)));
  return { roots: facts.filter((c) => c.selfIssued), intermediates: facts.filter((c) => !c.selfIssued) };
};

/** No CRL anywhere: every status is unknown. */
export const noCrls: CrlSource = { uploaded: () => Promise.resolve([]), fetch: () => Promise.resolve(null) };
