import { signingMessages } from '@domain/signing/messages';
import { fromBase64, toBase64 } from '@domain/signing/base64';
// The npm package crypto-pro's browser build: it carries CryptoPro's loader (cadesplugin_api.js) and
// waits for the extension; built as a file of the client and loaded only when the plug-in is picked.
import cryptoProUrl from 'crypto-pro/dist/crypto-pro.min.js?url';
import { commonNameOf, SigningError, type Signer, type SignerCertificate } from './port';

/**
 * The CryptoPro ЭЦП Browser plug-in as a signer. CryptoPro's loader comes from the maintained npm
 * package `crypto-pro` (MIT; it bundles cadesplugin_api.js 2.3.5): its UMD build is emitted with the
 * client and loaded as a script of our own origin only when a user picks the plug-in; its `execute`
 * waits until the extension answers. Nothing is copied in by hand. Signing itself is ours: CAdES-BES,
 * detached, the end certificate only (the package's createDetachedSignature signs a hash as PKCS#7
 * with the whole chain). The async API (CreateObjectAsync) is the one current plug-ins give every browser.
 */

// The plug-in's constants (CAdESCOM / CAPICOM).
const CAPICOM_CURRENT_USER_STORE = 2;
const CAPICOM_MY_STORE = 'My';
const CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED = 2;
const CAPICOM_CERTIFICATE_INCLUDE_END_ENTITY_ONLY = 2;
const CADESCOM_BASE64_TO_BINARY = 1;
const CADESCOM_CADES_BES = 1;
const CADESCOM_ENCODE_BASE64 = 0;

/** The part of the plug-in's objects we use; every property read and call is a promise. */
interface CadesCertificate {
  readonly SubjectName: Promise<string>;
  readonly IssuerName: Promise<string>;
  readonly ValidFromDate: Promise<string | Date>;
  readonly ValidToDate: Promise<string | Date>;
  readonly Thumbprint: Promise<string>;
  readonly SerialNumber: Promise<string>;
  Export(encoding: number): Promise<string>;
}
interface CadesCertificates {
  readonly Count: Promise<number>;
  Item(index: number): Promise<CadesCertificate>;
}
interface CadesStore {
  Open(location: number, name: string, mode: number): Promise<void>;
  Close(): Promise<void>;
  readonly Certificates: Promise<CadesCertificates>;
}
interface CadesSigner {
  propset_Certificate(cert: CadesCertificate): Promise<void>;
  propset_Options(options: number): Promise<void>;
}
interface CadesSignedData {
  propset_ContentEncoding(encoding: number): Promise<void>;
  propset_Content(content: string): Promise<void>;
  SignCades(signer: CadesSigner, type: number, detached: boolean): Promise<string>;
}
export interface CadesPlugin {
  CreateObjectAsync(name: 'CAdESCOM.Store'): Promise<CadesStore>;
  CreateObjectAsync(name: 'CAdESCOM.CPSigner'): Promise<CadesSigner>;
  CreateObjectAsync(name: 'CAdESCOM.CadesSignedData'): Promise<CadesSignedData>;
  getLastError?(e: unknown): string;
}

/**
 * window.cadesplugin is itself a thenable that settles when the extension answers; it is never
 * returned from an async function as is (that would adopt it and yield undefined), only inside this holder.
 */
export interface CadesHandle {
  readonly plugin: CadesPlugin;
}

/** The part of crypto-pro's UMD global (window.cryptoPro) we use. */
interface CryptoProGlobal {
  execute(callback: () => unknown): Promise<unknown>;
}

declare global {
  interface Window {
    cadesplugin?: CadesPlugin & PromiseLike<void>;
    cryptoPro?: CryptoProGlobal;
  }
}

export const CRYPTO_PRO_SCRIPT_URL: string = cryptoProUrl;
export const pluginMissing = 'КриптоПро ЭЦП Browser plug-in не установлен или не разрешён для этого сайта';

const reasonOf = (plugin: CadesPlugin | undefined, e: unknown): string => {
  try {
    const last = plugin?.getLastError?.(e);
    if (last) return last;
  } catch {
    // getLastError throws on errors that did not come from the plug-in.
  }
  return e instanceof Error ? e.message : String(e);
};

const loadScript = (src: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SigningError(pluginMissing));
    document.head.append(script);
  });

let loading: Promise<CadesHandle> | null = null;

/** window.cadesplugin, loading CryptoPro's script once when the page does not have it yet. */
export const loadCadesPlugin = (): Promise<CadesHandle> => {
  const current =
    loading ??
    (async (): Promise<CadesHandle> => {
      if (!window.cryptoPro) await loadScript(CRYPTO_PRO_SCRIPT_URL);
      const cryptoPro = window.cryptoPro;
      if (!cryptoPro) throw new SigningError(pluginMissing);
      // execute() loads the bundled cadesplugin_api.js once and settles when the extension answers (or fails when it is absent).
      await Promise.race([
        cryptoPro.execute(() => undefined),
        new Promise((_, reject) => window.setTimeout(() => reject(new SigningError(pluginMissing)), 25_000)),
      ]).catch((e: unknown) => {
        throw e instanceof SigningError ? e : new SigningError(pluginMissing);
      });
      const plugin = window.cadesplugin;
      if (!plugin) throw new SigningError(pluginMissing);
      return { plugin };
    })();
  loading = current;
  // A failed load may be retried after the user installs or allows the plug-in.
  current.catch(() => {
    loading = null;
  });
  return current;
};

const isoOf = (value: string | Date): string => new Date(value).toISOString();

/** A signer over the plug-in's personal store; `plugin` is given in tests, loaded otherwise. */
export const createCryptoProSigner = (getPlugin: () => Promise<CadesHandle> = loadCadesPlugin): Signer => {
  // The plug-in's certificate objects by thumbprint, kept from the listing for signing.
  const objects = new Map<string, CadesCertificate>();
  return {
    source: 'cryptopro',
    listCertificates: async () => {
      const { plugin } = await getPlugin();
      try {
        const store = await plugin.CreateObjectAsync('CAdESCOM.Store');
        await store.Open(CAPICOM_CURRENT_USER_STORE, CAPICOM_MY_STORE, CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED);
        const all = await store.Certificates;
        const count = await all.Count;
        const list: SignerCertificate[] = [];
        objects.clear();
        for (let i = 1; i <= count; i++) {
          const c = await all.Item(i);
          const [subject, issuer, from, to, thumbprint, serial, der] = await Promise.all([
            c.SubjectName,
            c.IssuerName,
            c.ValidFromDate,
            c.ValidToDate,
            c.Thumbprint,
            c.SerialNumber,
            c.Export(CADESCOM_ENCODE_BASE64),
          ]);
          objects.set(thumbprint, c);
          list.push({
            id: thumbprint,
            source: 'cryptopro',
            owner: commonNameOf(subject),
            subject,
            issuer,
            validFrom: isoOf(from),
            validTo: isoOf(to),
            thumbprint,
            serial,
            certificateBase64: der.replace(/\s/g, ''),
          });
        }
        await store.Close();
        return list;
      } catch (e) {
        throw new SigningError(`Не удалось загрузить сертификаты: ${reasonOf(plugin, e)}`);
      }
    },
    signDetached: async (cert, bytes) => {
      const { plugin } = await getPlugin();
      const object = objects.get(cert.id);
      if (!object) throw new SigningError(signingMessages.certificateNotFound);
      try {
        const signer = await plugin.CreateObjectAsync('CAdESCOM.CPSigner');
        await signer.propset_Certificate(object);
        await signer.propset_Options(CAPICOM_CERTIFICATE_INCLUDE_END_ENTITY_ONLY);
        const data = await plugin.CreateObjectAsync('CAdESCOM.CadesSignedData');
        // Base64 → binary: the plug-in hashes the original bytes, not their base64 text.
        await data.propset_ContentEncoding(CADESCOM_BASE64_TO_BINARY);
        await data.propset_Content(toBase64(bytes));
        const signature = await data.SignCades(signer, CADESCOM_CADES_BES, true);
        return fromBase64(signature);
      } catch (e) {
        throw new SigningError(signingMessages.createFailed(reasonOf(plugin, e)));
      }
    },
  };
};
