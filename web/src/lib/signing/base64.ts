// Base64 of bytes without pulling the GOST library (domain/signing/soft-signer.ts has the same helpers):
// the request dialog and the lists load crypto-gost-js only when a user picks a key file.
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

export const base64ToBytes = (text: string): Uint8Array => Uint8Array.from(atob(text.replace(/\s/g, '')), (c) => c.charCodeAt(0));
