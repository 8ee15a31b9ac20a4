import { parseCrl, type CrlFacts } from './crl';
import { crlOfFile } from './pki-files';

/**
 * CRLs fetched from the distribution points certificates name (CRL_FETCH=1), kept in memory per
 * URL until their next update (a list without one for an hour); concurrent asks for one URL share
 * one download. Only http(s) is fetched, within a time and size limit; a failure answers the last
 * list kept (which the check then judges by its dates) or null.
 */
export interface CrlFetchOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly now?: () => number;
}

const NO_NEXT_UPDATE_TTL_MS = 60 * 60_000;

export class CrlFetcher {
  private readonly kept = new Map<string, { crl: CrlFacts; fetchedAt: number }>();
  private readonly pending = new Map<string, Promise<CrlFacts | null>>();

  constructor(private readonly options: CrlFetchOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private fresh(entry: { crl: CrlFacts; fetchedAt: number }): boolean {
    const next = entry.crl.nextUpdate?.getTime() ?? entry.fetchedAt + NO_NEXT_UPDATE_TTL_MS;
    return next > this.now();
  }

  async get(url: string): Promise<CrlFacts | null> {
    if (!/^https?:\/\//i.test(url)) return null;
    const entry = this.kept.get(url);
    if (entry && this.fresh(entry)) return entry.crl;
    let running = this.pending.get(url);
    if (!running) {
      running = this.download(url).finally(() => this.pending.delete(url));
      this.pending.set(url, running);
    }
    return running;
  }

  private async download(url: string): Promise<CrlFacts | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs), redirect: 'follow' });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > this.options.maxBytes) throw new Error('too large');
        chunks.push(chunk);
      }
      const crl = parseCrl(crlOfFile(new Uint8Array(Buffer.concat(chunks))));
      this.kept.set(url, { crl, fetchedAt: this.now() });
      return crl;
    } catch {
      // Unreachable, too slow, too large or not a CRL: the status stays unknown unless a kept list answers.
      return this.kept.get(url)?.crl ?? null;
    }
  }
}
