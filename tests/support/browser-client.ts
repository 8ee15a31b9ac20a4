import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const newest = (target: string): number => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = 0;
  for (const entry of readdirSync(target)) t = Math.max(t, newest(path.join(target, entry)));
  return t;
};

/** Builds web/dist (`npm run build`) when it is missing or older than the client's sources. */
export const buildClientIfStale = (): void => {
  const dist = path.join(root, 'web/dist/index.html');
  const sources = Math.max(
    ...['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/build', 'domain', 'package.json'].map((p) => newest(path.join(root, p))),
  );
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  console.log('[browser] building the client (npm run build)...');
  // As `npm start` builds it: vitest's NODE_ENV=test would otherwise reach vite, which then bundles
  // React's development build (a third more script, slower) under the tests and the bench.
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
};
