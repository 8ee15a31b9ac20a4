/**
 * Password hashes for the demo accounts, each with its own salt, computed in the background from the
 * start of the seed: scrypt at the OWASP cost takes a few hundred milliseconds per account, which
 * overlaps with the seed's database work instead of adding to it. Two at a time (two cores).
 */
export const backgroundHashes = (hash: (password: string) => Promise<string>, password: string, count: number, parallel = 2) => {
  const ready: Array<Promise<string>> = [];
  let chain: Array<Promise<unknown>> = Array.from({ length: parallel }, () => Promise.resolve());
  for (let i = 0; i < count; i++) {
    const lane = i % parallel;
    const next = chain[lane]!.then(() => hash(password));
    // A failed hash is reported to the account that takes it, not as an unhandled rejection.
    next.catch(() => {});
    chain = chain.map((c, j) => (j === lane ? next : c));
    ready.push(next);
  }
  let taken = 0;
  /** The hasher saveUser calls: the next precomputed hash of the seed password, or a fresh one. */
  return (candidate: string): Promise<string> => (candidate === password && taken < ready.length ? ready[taken++]! : hash(candidate));
};
