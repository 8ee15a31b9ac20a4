import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are stored only as scrypt hashes, `scrypt$N$r$p$salt$hash`, with a random salt per
 * hash. The cost is OWASP's current recommendation (N=2^17, r=8, p=1: about 128 MiB and a few
 * hundred milliseconds per hash); the parameters travel with the hash, so hashes made with an
 * older cost still verify.
 */
export const SCRYPT_N = 2 ** 17;
const r = 8;
const p = 1;
const KEYLEN = 32;
/** Largest N accepted from a stored hash: a forged row must not make sign-in allocate gigabytes. */
const MAX_N = 2 ** 20;

// scrypt needs 128 * N * r bytes; node refuses above maxmem (32 MiB by default).
const maxmemFor = (n: number, rr: number) => 128 * n * rr + 16 * 1024 * 1024;

/**
 * At most two hashes at a time: each takes 128 MiB outside the heap, and a burst of sign-ins
 * must not take all of libuv's threads (file and DNS work share them) nor the memory.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];
const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
};

const derive = (password: string, salt: Buffer, opts: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>) =>
  limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEYLEN, { ...opts, maxmem: maxmemFor(opts.N, opts.r) }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

/** A hasher at cost N; the product's is `hashPassword`. */
export const scryptHasher =
  (n: number) =>
  async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, { N: n, r, p });
    return `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  };

export const hashPassword = scryptHasher(SCRYPT_N);

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const opts = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (!Number.isInteger(opts.N) || opts.N < 2 || opts.N > MAX_N || !(opts.r >= 1 && opts.r <= 32) || !(opts.p >= 1 && opts.p <= 16)) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), opts);
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/** A hash no password matches: compared against when the login is unknown, to keep timing equal. */
export const DUMMY_HASH = `scrypt$${SCRYPT_N}$${r}$${p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`;
