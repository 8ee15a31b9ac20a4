/** How often each projection's tables have changed, as far as this process knows (its runner, or the read side worker's reports). */
export interface ReadModelVersions {
  version(projection: string): number;
}

interface Entry {
  readonly stamp: number;
  readonly value: unknown;
}

/**
 * Rows of rarely changing read models (users, units, catalogues) that nearly every call reads: the
 * signed-in user, names in a request view, the lookups of a command. An entry is valid while the
 * projections it was read from have not changed since; the stamp is the sum of their versions
 * (each only grows), taken before the read, so a change that lands during the read makes the entry
 * stale at once. Another process's changes are seen when this process's runner reaches them, i.e.
 * within its projection lag.
 */
export class ReadModelCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly versions: ReadModelVersions,
    private readonly maxEntries = 50_000,
  ) {}

  /** Whether values are kept at all (noCache keeps none: a caller may then prefer a narrower read). */
  get retains(): boolean {
    return this.maxEntries > 0;
  }

  private stamp(projections: readonly string[]): number {
    let sum = 0;
    for (const p of projections) sum += this.versions.version(p);
    return sum;
  }

  async get<T>(projections: readonly string[], key: string, load: () => Promise<T>): Promise<T> {
    const stamp = this.stamp(projections);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await load();
    this.put(key, stamp, value);
    return value;
  }

  /**
   * Values for many keys: those cached and current are returned as they are, the rest are read in
   * one call of `load` (which answers by key; keys it leaves out are cached as null).
   */
  async getMany<K, T>(
    projections: readonly string[],
    prefix: string,
    keys: readonly K[],
    load: (missing: K[]) => Promise<Map<K, T>>,
  ): Promise<Map<K, T | null>> {
    const stamp = this.stamp(projections);
    const found = new Map<K, T | null>();
    const missing: K[] = [];
    for (const k of keys) {
      const hit = this.entries.get(`${prefix}:${String(k)}`);
      if (hit && hit.stamp === stamp) found.set(k, hit.value as T | null);
      else missing.push(k);
    }
    if (missing.length) {
      const loaded = await load(missing);
      for (const k of missing) {
        const v = loaded.get(k) ?? null;
        this.put(`${prefix}:${String(k)}`, stamp, v);
        found.set(k, v);
      }
    }
    return found;
  }

  private put(key: string, stamp: number, value: unknown) {
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    // Map order is insertion order: the first key is the one read longest ago.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** No caching: every read goes to the database (tools and tests that run without a runner). */
export const noCache = new ReadModelCache({ version: () => 0 }, 0);
