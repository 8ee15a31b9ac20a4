/**
 * A small seeded generator (mulberry32) and the distributions the data generator draws from.
 * Everything the generator makes comes from one of these, so a seed gives the same data.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An independent generator derived from this one (for a sub-task that must not shift the others). */
  fork(salt: number): Random {
    return new Random((Math.floor(this.next() * 4294967296) ^ Math.imul(salt, 0x85ebca6b)) >>> 0);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(table: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [v, w] of table) {
      r -= w;
      if (r < 0) return v;
    }
    return table[table.length - 1]![0];
  }

  /** Exponential with the given mean. */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Log-normal-ish positive duration: median `median`, spread factor `spread` (>= 1). */
  lognormal(median: number, spread: number): number {
    const u = 1 - this.next();
    const v = this.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.pow(spread, z);
  }

  /** A UUID-shaped id (correlation ids of generated commands). */
  uuid(): string {
    const hex = (n: number) => Math.floor(this.next() * 16 ** n).toString(16).padStart(n, '0');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + this.int(0, 3)).toString(16)}${hex(3)}-${hex(6)}${hex(6)}`;
  }
}
