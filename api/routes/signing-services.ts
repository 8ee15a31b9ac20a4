import type { SigningServices } from '../../commands/signing/signing';
import { CrlFetcher } from '../../infrastructure/signature/crl-fetch';
import type { AppContext } from '../context';

/** CRLs larger than this are not downloaded (the largest qualified CAs' lists are tens of megabytes). */
const CRL_MAX_BYTES = 64 * 1024 * 1024;

const services = new WeakMap<AppContext, SigningServices>();

/** The signature check's services of one server: its file store and, with CRL_FETCH=1, one CRL cache. */
export const signingServicesOf = (ctx: AppContext): SigningServices => {
  let found = services.get(ctx);
  if (!found) {
    found = { files: ctx.files, fetcher: ctx.config.crlFetch ? new CrlFetcher({ timeoutMs: ctx.config.crlFetchTimeoutMs, maxBytes: CRL_MAX_BYTES }) : null };
    services.set(ctx, found);
  }
  return found;
};
