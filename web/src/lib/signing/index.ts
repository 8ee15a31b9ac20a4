export * from './port';
export { createCryptoProSigner, loadCadesPlugin } from './cryptopro-signer';
export * from './signing-api';
export * from './model';
export { useSignDocuments, type SignerChoice, type SignTask } from './use-sign-documents';
export { CertificateDialog } from './certificate-dialog';
export { SignerMarkCells, SignerMarkIcon, SignerMarkIconCells, SignerMarkText, SIGNED, NOT_SIGNED } from './signer-marks';
export { SignDownloads, SignDownloadsMenu } from './sign-downloads';
