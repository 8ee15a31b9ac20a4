/** The few parts of @wavesenterprise/crypto-gost-js (plain JS, no types) the signing code uses. */
declare module '@wavesenterprise/crypto-gost-js' {
  export interface GostName {
    readonly [attribute: string]: string | undefined;
  }
  export interface GostAlgorithm {
    readonly id: string;
    readonly name: string;
    readonly [k: string]: unknown;
  }
  export interface GostPrivateKeyInfo {
    encode(format?: 'DER'): ArrayBuffer;
  }
  export interface GostX509 {
    subject: GostName;
    issuer: GostName;
    notBefore: Date;
    notAfter: Date;
    serialNumber: number | string;
    readonly subjectPublicKeyInfo: { algorithm: GostAlgorithm };
    readonly signatureAlgorithm: GostAlgorithm;
    generate(provider: 'TC-256' | 'TC-512' | GostAlgorithm): Promise<GostPrivateKeyInfo>;
    sign(issuerKey: GostPrivateKeyInfo, issuerCert?: GostX509): Promise<GostX509>;
    verify(issuerCert: GostX509 | undefined, crl: null, date: Date): Promise<GostX509>;
    verifySignature(data: ArrayBuffer, signature: ArrayBuffer, algorithm: unknown): Promise<boolean>;
    encode(format?: 'DER'): ArrayBuffer;
  }
  export interface GostCrl {
    sign(issuerKey: GostPrivateKeyInfo, issuerCert: GostX509): Promise<GostCrl>;
    encode(format?: 'DER'): ArrayBuffer;
  }
  export interface GostSignedData {
    setEnclosed(content: unknown): void;
    writeDetached(detached: boolean): void;
    addSignature(key: GostPrivateKeyInfo, cert: GostX509, signedAttrs: Record<string, null>): Promise<void>;
    encode(format?: 'DER'): ArrayBuffer;
  }
  export interface GostCryptoApi {
    readonly cert: {
      X509: new (init: ArrayBuffer | Record<string, unknown>) => GostX509;
      CRL: new (init: ArrayBuffer | Record<string, unknown>) => GostCrl;
      readonly options: Record<string, unknown>;
    };
    readonly cms: {
      SignedDataContentInfo: new (init?: ArrayBuffer) => GostSignedData;
      DataContentInfo: new (init: { contentType: 'data'; content: ArrayBuffer }) => unknown;
      readonly options: { autoAddCert: boolean; [k: string]: unknown };
    };
    readonly asn1: { PrivateKeyInfo: new (der: ArrayBuffer) => GostPrivateKeyInfo };
    readonly subtle: { digest(algorithm: unknown, data: ArrayBuffer): Promise<ArrayBuffer> };
  }
  export interface GostEngineApi {
    getGostDigest(algorithm: { name: string; version?: number; length?: number }): { digest(data: ArrayBuffer | Uint8Array): ArrayBuffer };
  }
  const lib: { CryptoGost: GostCryptoApi; GostEngine: GostEngineApi };
  export default lib;
}
