import { verify as nodeVerify, X509Certificate as NodeX509 } from 'node:crypto';
import gost from '@wavesenterprise/crypto-gost-js';
import { bufferOf } from '../../domain/signing/soft-signer';
import type { CertificateFacts } from './certificate';

/**
 * Whether `signature` over `data` was made with the key of `signer` (a certificate): GOST R 34.10-2012
 * 256/512 with crypto-gost-js, RSA and ECDSA with Node's OpenSSL. One check for certificates, CRLs
 * and the CMS signed attributes: they all sign bytes with an algorithm named by an OID.
 */
const { CryptoGost: g } = gost;

const rsaEcHashes: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/** Digest names of the CMS digestAlgorithm OIDs (the CMS names the hash apart from the key). */
export const shaDigests: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

export const GOST_DIGEST = { gost256: '1.2.643.7.1.1.2.2', gost512: '1.2.643.7.1.1.2.3' } as const;

const gostHash = (kind: 'gost256' | 'gost512') => ({ name: 'GOST R 34.11', version: 2012, length: kind === 'gost256' ? 256 : 512 });

/**
 * `algorithm` is the signature algorithm OID (certificates, CRLs) or, for a CMS signer, the digest
 * OID (its signatureAlgorithm often names only the key). Never throws: a malformed key is "not signed by".
 */
export const signedBy = async (signer: CertificateFacts, data: Uint8Array, signature: Uint8Array, algorithm: string): Promise<boolean> => {
  try {
    if (signer.keyKind === 'gost256' || signer.keyKind === 'gost512') {
      const cert = new g.cert.X509(bufferOf(signer.der));
      return await cert.verifySignature(bufferOf(data), bufferOf(signature), { ...cert.subjectPublicKeyInfo.algorithm, hash: gostHash(signer.keyKind) });
    }
    if (signer.keyKind === 'rsa' || signer.keyKind === 'ec') {
      const hash = rsaEcHashes[algorithm] ?? shaDigests[algorithm];
      if (!hash) return false;
      return nodeVerify(hash, data, new NodeX509(Buffer.from(signer.der)).publicKey, signature);
    }
    return false;
  } catch {
    return false;
  }
};
