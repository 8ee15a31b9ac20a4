import { signingMessages } from '@domain/signing/messages';
import { certificateInfo, fromBase64, parseSoftKey, signDetachedSoft, type SoftKey } from '@domain/signing/soft-signer';
import { commonNameOf, SigningError, type Signer, type SignerCertificate } from './port';

const certificateOf = (key: SoftKey): SignerCertificate => {
  const info = certificateInfo(fromBase64(key.certificate));
  return {
    id: info.thumbprint,
    source: 'soft',
    owner: key.owner || commonNameOf(info.subject),
    subject: info.subject,
    issuer: info.issuer,
    validFrom: info.validFrom,
    validTo: info.validTo,
    thumbprint: info.thumbprint,
    serial: info.serial,
    certificateBase64: key.certificate,
  };
};

/**
 * The software signer over one `.key.json` the user picked: its single certificate, signing with
 * domain/signing/soft-signer.ts (the same code the tests and the server's checks know).
 * Throws a SigningError with the Russian reason when the file is not a key of ours.
 */
export const createSoftSigner = (keyJson: string): Signer => {
  let key: SoftKey;
  let cert: SignerCertificate;
  try {
    key = parseSoftKey(keyJson);
    cert = certificateOf(key);
  } catch (e) {
    throw new SigningError(e instanceof Error ? e.message : signingMessages.certificateNotFound);
  }
  return {
    source: 'soft',
    listCertificates: () => Promise.resolve([cert]),
    signDetached: async (chosen, bytes) => {
      if (chosen.id !== cert.id) throw new SigningError(signingMessages.certificateNotFound);
      try {
        return await signDetachedSoft(key, bytes);
      } catch (e) {
        throw new SigningError(signingMessages.createFailed(e instanceof Error ? e.message : String(e)));
      }
    },
  };
};

/** Reads a picked file as text; FileReader-less browsers get the spec's message. */
export const readKeyFile = async (file: Blob): Promise<string> => {
  if (typeof file.text !== 'function') throw new SigningError(signingMessages.fileReaderUnsupported);
  return file.text();
};
