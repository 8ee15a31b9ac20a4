/**
 * A morning rush of sign-ins (`npm run bench -- --only signin`): 200 sign-ins from 20 clients at
 * once (ten each, one after another, as people at a court's 9:00), while 8 signed-in clients keep
 * reading the request list. Figures: the sign-ins' p50 and p95, how many were refused (429), and the
 * list's p95 during the rush beside its quiet figure (the same 8 clients without the rush).
 */
import { sql, type DatabasePool } from 'slonik';
import { ApiClient, enc, percentile } from './lib/http';

export interface SigninRushBenchDeps {
  readonly pool: DatabasePool;
  readonly serverUrl: string;
  readonly password: string;
  /** The list the readers call (an engineer's own scope, the current year). */
  readonly reader: { readonly login: string };
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const SIGNING_CLIENTS = 20;
const READERS = 8;

/** Each reader calls the list until `until` says stop; returns every call's time. */
const readUntil = async (readers: readonly ApiClient[], path: string, until: () => boolean, minCalls: number): Promise<number[]> => {
  const ms: number[] = [];
  await Promise.all(
    readers.map(async (r) => {
      for (let n = 0; n < minCalls || !until(); n++) {
        const res = await r.call('GET', path);
        if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        ms.push(res.ms);
      }
    }),
  );
  return ms;
};

export const benchSigninRush = async (d: SigninRushBenchDeps): Promise<void> => {
  console.log('Sign-in rush');
  const perClient = d.quick ? 3 : 10;
  const logins = (await d.pool.anyFirst(sql.unsafe`
    SELECT login FROM rm_users WHERE NOT deleted AND NOT is_inactive AND NOT hotline_worker ORDER BY id LIMIT ${SIGNING_CLIENTS * perClient}`)) as string[];
  if (logins.length === 0) throw new Error('no accounts to sign in');
  const readers = await Promise.all(Array.from({ length: READERS }, async () => {
    const c = new ApiClient(d.serverUrl);
    await c.signIn(d.reader.login, d.password);
    return c;
  }));
  const path = `/api/request/${enc({})}`;
  // Warm-up, then the quiet figure: the readers alone, as many calls as during the rush.
  await readUntil(readers, path, () => true, 2);
  const quietCalls = d.quick ? 10 : 30;
  const quiet = await readUntil(readers, path, () => true, quietCalls);

  let rushing = true;
  const signins: number[] = [];
  const refused: number[] = [];
  const started = performance.now();
  const reading = readUntil(readers, path, () => !rushing, 1);
  await Promise.all(
    Array.from({ length: SIGNING_CLIENTS }, async (_, client) => {
      for (let i = 0; i < perClient; i++) {
        const login = logins[(client * perClient + i) % logins.length]!;
        const t = performance.now();
        const res = await fetch(`${d.serverUrl}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: login, password: d.password }),
        });
        await res.arrayBuffer();
        const ms = performance.now() - t;
        if (res.status === 200) signins.push(ms);
        else if (res.status === 429) refused.push(ms);
        else throw new Error(`sign-in ${login}: ${res.status}`);
      }
    }),
  );
  rushing = false;
  const rushMs = performance.now() - started;
  const during = await reading;

  const total = SIGNING_CLIENTS * perClient;
  d.figure(`sign-in rush: ${total} sign-ins from ${SIGNING_CLIENTS} clients, p50`, percentile(signins, 50), 'ms', null);
  d.figure(`sign-in rush: ${total} sign-ins from ${SIGNING_CLIENTS} clients, p95`, percentile(signins, 95), 'ms', null);
  d.figure('sign-in rush: sign-ins refused (429)', refused.length, 'count', 0);
  d.figure(`sign-in rush: request list p95, ${READERS} readers, quiet`, percentile(quiet, 95), 'ms', null);
  d.figure(`sign-in rush: request list p95, ${READERS} readers, during the rush`, percentile(during, 95), 'ms', null);
  d.details.signinRush = {
    signins: total,
    clients: SIGNING_CLIENTS,
    readers: READERS,
    seconds: Math.round(rushMs) / 1000,
    signin: { p50: percentile(signins, 50), p95: percentile(signins, 95), max: Math.max(...signins), refused: refused.length },
    list: { quiet: { calls: quiet.length, p50: percentile(quiet, 50), p95: percentile(quiet, 95) }, rush: { calls: during.length, p50: percentile(during, 50), p95: percentile(during, 95) } },
  };
};
