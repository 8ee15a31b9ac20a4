// The one library the domain takes besides zod and xstate: pure-JS GOST arithmetic, shared by the browser
// and the server (decisions 72–86), with no IO.
// eslint-disable-next-line import/no-restricted-paths
import gost from '@wavesenterprise/crypto-gost-js';
// eslint-disable-next-line import/no-restricted-paths
import type { GostAlgorithm } from '@wavesenterprise/crypto-gost-js';
import { SOFT_KEY_FORMAT, bufferOf, fromBase64, toBase64, type SoftKey } from './soft-signer';

/**
 * The demo stands' certification authorities and the keys they issue (GOST R 34.10-2012 256,
 * ~0.05 s a key), built like a qualified CA: a root, an issuing CA under it (path length 0), and
 * end-entity certificates for signing (keyUsage digitalSignature and nonRepudiation, not a CA),
 * whose subjectSignTool names the demo signer so a stamp can say "демонстрационная подпись".
 * Keys carry the signature key OID (id-tc26-gost3410-12-256, CryptoPro-A parameters), so OpenSSL's
 * GOST engine loads them. Tests make foreign CAs with the same code. Pure computation, no IO.
 */
export interface SoftCa {
  /** Base64 DER. */
  readonly certificate: string;
  readonly privateKey: string;
}

/** The subjectSignTool of the software signer's certificates; the server marks their signatures demo by it. */
export const DEMO_SIGN_TOOL = 'Демонстрационная подпись';

const { CryptoGost: g } = gost;

export interface Validity {
  readonly notBefore: Date;
  readonly notAfter: Date;
}

/** A signature key (not the key-agreement one the library's 'TC-256' provider makes). */
const SIGNATURE_KEY = { id: 'id-tc26-gost3410-12-256', name: 'GOST R 34.10-256', namedCurve: 'S-256-A' } as unknown as GostAlgorithm;

const ORG = 'Служба ИТ-поддержки судов';

/** A self-signed root CA. */
export const createSoftCa = async (commonName: string, validity: Validity): Promise<SoftCa> => {
  const ca = new g.cert.X509({
    subject: { countryName: 'RU', organizationName: ORG, commonName },
    ...validity,
    extensions: { keyUsage: ['keyCertSign', 'cRLSign'], basicConstraints: { cA: true } },
  });
  const key = await ca.generate(SIGNATURE_KEY);
  await ca.sign(key);
  return { certificate: toBase64(new Uint8Array(ca.encode('DER'))), privateKey: toBase64(new Uint8Array(key.encode('DER'))) };
};

const caOf = (ca: SoftCa) => ({ cert: new g.cert.X509(bufferOf(fromBase64(ca.certificate))), key: new g.asn1.PrivateKeyInfo(bufferOf(fromBase64(ca.privateKey))) });

/** An issuing CA under `root` that may issue end-entity certificates only (path length 0). */
export const createSoftIssuingCa = async (root: SoftCa, commonName: string, validity: Validity): Promise<SoftCa> => {
  const issuer = caOf(root);
  const ca = new g.cert.X509({
    subject: { countryName: 'RU', organizationName: ORG, commonName },
    ...validity,
    extensions: { keyUsage: ['keyCertSign', 'cRLSign'], basicConstraints: { cA: true, pathLenConstraint: 0 } },
  });
  const key = await ca.generate(SIGNATURE_KEY);
  await ca.sign(issuer.key, issuer.cert);
  return { certificate: toBase64(new Uint8Array(ca.encode('DER'))), privateKey: toBase64(new Uint8Array(key.encode('DER'))) };
};

/** The person a key is issued to: the CN is the full name; surname and given names when known. */
export interface SoftKeyOwner {
  readonly fio: string;
  readonly surname?: string | null;
  readonly givenNames?: string | null;
}

export const issueSoftKey = async (ca: SoftCa, owner: string | SoftKeyOwner, validity: Validity): Promise<SoftKey> => {
  const person: SoftKeyOwner = typeof owner === 'string' ? { fio: owner } : owner;
  const issuer = caOf(ca);
  const subject: Record<string, string> = { countryName: 'RU' };
  // The library names no attribute 2.5.4.4 (surname); its OID is accepted as the key.
  if (person.surname) subject['2.5.4.4'] = person.surname;
  if (person.givenNames) subject.givenName = person.givenNames;
  subject.commonName = person.fio;
  const cert = new g.cert.X509({
    subject,
    ...validity,
    extensions: {
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extKeyUsage: ['emailProtection'],
      basicConstraints: { cA: false },
      subjectSignTool: `${DEMO_SIGN_TOOL} (программный ключ .key.json)`,
    },
  });
  const key = await cert.generate(SIGNATURE_KEY);
  await cert.sign(issuer.key, issuer.cert);
  return {
    format: SOFT_KEY_FORMAT,
    algorithm: 'GOST R 34.10-2012 256',
    certificate: toBase64(new Uint8Array(cert.encode('DER'))),
    privateKey: toBase64(new Uint8Array(key.encode('DER'))),
    owner: person.fio,
  };
};

/** A CRL of `ca` listing the given serials (hex) as revoked at `revokedAt`. */
export const createSoftCrl = async (ca: SoftCa, serials: readonly string[], thisUpdate: Date, nextUpdate: Date, revokedAt = thisUpdate): Promise<Uint8Array> => {
  const issuer = caOf(ca);
  const crl = new g.cert.CRL({
    thisUpdate,
    nextUpdate,
    revokedCertificates: serials.map((s) => ({ userCertificate: `0x${s}`, revocationDate: revokedAt })),
  });
  await crl.sign(issuer.key, issuer.cert);
  return new Uint8Array(crl.encode('DER'));
};
