// The one library the domain takes besides zod and xstate: pure-JS GOST arithmetic, shared by the browser
// and the server (issue 13 contract), with no IO.
// eslint-disable-next-line import/no-restricted-paths
import gost from '@wavesenterprise/crypto-gost-js';
import { SOFT_KEY_FORMAT, bufferOf, fromBase64, toBase64, type SoftKey } from './soft-signer';

/**
 * A demo certification authority and the keys it issues (GOST R 34.10-2012 256, ~0.05 s a key): the
 * seed makes one CA per installation and a key file per demo signer; tests make foreign CAs. Pure
 * computation (random keys), no IO.
 */
export interface SoftCa {
  /** Base64 DER. */
  readonly certificate: string;
  readonly privateKey: string;
}

const { CryptoGost: g } = gost;

export interface Validity {
  readonly notBefore: Date;
  readonly notAfter: Date;
}

export const createSoftCa = async (commonName: string, validity: Validity): Promise<SoftCa> => {
  const ca = new g.cert.X509({ subject: { countryName: 'RU', organizationName: 'Служба ИТ-поддержки судов', commonName }, ...validity });
  const key = await ca.generate('TC-256');
  await ca.sign(key);
  return { certificate: toBase64(new Uint8Array(ca.encode('DER'))), privateKey: toBase64(new Uint8Array(key.encode('DER'))) };
};

export const issueSoftKey = async (ca: SoftCa, owner: string, validity: Validity): Promise<SoftKey> => {
  const caCert = new g.cert.X509(bufferOf(fromBase64(ca.certificate)));
  const caKey = new g.asn1.PrivateKeyInfo(bufferOf(fromBase64(ca.privateKey)));
  const cert = new g.cert.X509({ subject: { countryName: 'RU', commonName: owner }, ...validity });
  const key = await cert.generate('TC-256');
  await cert.sign(caKey, caCert);
  return {
    format: SOFT_KEY_FORMAT,
    algorithm: 'GOST R 34.10-2012 256',
    certificate: toBase64(new Uint8Array(cert.encode('DER'))),
    privateKey: toBase64(new Uint8Array(key.encode('DER'))),
    owner,
  };
};
