import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import argon2 from 'argon2';

/**
 * Passwords are stored only as salted hashes, the parameters travelling with each hash. New
 * hashes are argon2id at OWASP's recommended cost (m=19 MiB, t=2, p=1: PHC strings,
 * `$argon2id$v=19$m=19456,p=1,t=2$salt$hash`); the scrypt hashes of earlier versions
 * (`scrypt$N$r$p$salt$hash`, N=2^17 is 128 MiB and ~1 s a hash) still verify and are replaced at
 * their next sign-in (`needsUpgrade`). Measured in docs/notes/sign-in.md.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at a time: below libuv's thread pool (4 unless UV_THREADPOOL_SIZE), which file and DNS
 * work share, and no more than the cores. Every hash (sign-in, a password set, the seed) waits its
 * turn here, first come first served.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2));

let running = 0;
const waiting: Array<() => void> = [];
const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
};

const normalized = (password: string) => password.normalize('NFKC');

export const hashPassword = (password: string): Promise<string> => limited(() => argon2.hash(normalized(password), ARGON2_OPTIONS));

// --- scrypt: the hashes of earlier versions, and a cheap hasher for the browser tests' servers.

const r = 8;
const p = 1;
const KEYLEN = 32;
/** Largest N accepted from a stored hash: a forged row must not make sign-in allocate gigabytes. */
const MAX_N = 2 ** 20;
// scrypt needs 128 * N * r bytes; node refuses above maxmem (32 MiB by default).
const maxmemFor = (n: number, rr: number) => 128 * n * rr + 16 * 1024 * 1024;

const derive = (password: string, salt: Buffer, opts: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>) =>
  limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(normalized(password), salt, KEYLEN, { ...opts, maxmem: maxmemFor(opts.N, opts.r) }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

/** A scrypt hasher at cost N (the browser tests' servers use a cheap one). */
export const scryptHasher =
  (n: number) =>
  async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, { N: n, r, p });
    return `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  };

const verifyScrypt = async (password: string, stored: string): Promise<boolean> => {
  const [, n, rr, pp, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const opts = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (!Number.isInteger(opts.N) || opts.N < 2 || opts.N > MAX_N || !(opts.r >= 1 && opts.r <= 32) || !(opts.p >= 1 && opts.p <= 16)) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), opts);
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/** The cost of a stored argon2id hash (`m=..,p=..,t=..` in any order); null when it is not one. */
const argon2Cost = (stored: string): { m: number; t: number; p: number } | null => {
  const parts = /^\$argon2id\$v=19\$([a-z0-9=,]{5,40})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(stored);
  if (!parts) return null;
  const params = new Map(parts[1]!.split(',').map((kv) => kv.split('=') as [string, string]));
  const [m, t, p] = ['m', 't', 'p'].map((k) => Number(params.get(k)));
  return Number.isInteger(m) && Number.isInteger(t) && Number.isInteger(p) ? { m: m!, t: t!, p: p! } : null;
};

const verifyArgon2 = async (password: string, stored: string): Promise<boolean> => {
  const cost = argon2Cost(stored);
  // Largest cost accepted from a stored hash (256 MiB, 16 passes, 8 lanes), for the same reason as MAX_N.
  if (!cost || cost.m > 262_144 || cost.t < 1 || cost.t > 16 || cost.p < 1 || cost.p > 8) return false;
  try {
    return await limited(() => argon2.verify(stored, normalized(password)));
  } catch {
    return false;
  }
};

export const verifyPassword = (password: string, stored: string): Promise<boolean> =>
  stored.startsWith('$argon2id$') ? verifyArgon2(password, stored) : stored.startsWith('scrypt$') ? verifyScrypt(password, stored) : Promise.resolve(false);

/** Whether a hash that matched should be replaced by one at the current cost (older scheme or parameters). */
export const needsUpgrade = (stored: string): boolean => {
  const cost = argon2Cost(stored);
  return !cost || cost.m !== ARGON2_OPTIONS.memoryCost || cost.t !== ARGON2_OPTIONS.timeCost || cost.p !== ARGON2_OPTIONS.parallelism;
};

/** A hash no password matches at the current cost: checked when the login is unknown, to keep timing equal. */
export const DUMMY_HASH =
  `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},p=${ARGON2_OPTIONS.parallelism},t=${ARGON2_OPTIONS.timeCost}$` +
  `${Buffer.alloc(16).toString('base64').replace(/=+$/, '')}$${Buffer.alloc(32).toString('base64').replace(/=+$/, '')}`;
