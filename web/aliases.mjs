import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client's import aliases, one list for every tool that resolves the client's imports: vite
 * (web/vite.config.ts, the browser tests' own builds), vitest and the lint (eslint.config.js).
 * tsconfig.json spells the same list in `paths` (JSON cannot import it).
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Alias prefix → folder, relative to the repository root. */
export const webAliasDirs = {
  '@/': 'web/src/',
  '@domain/': 'domain/',
};

/** The aliases as vite's `resolve.alias` entries (absolute folders). */
export const viteAliases = Object.entries(webAliasDirs).map(([find, dir]) => ({ find, replacement: path.join(repoRoot, dir) }));

/**
 * A `packageIterator` for eslint-import-resolver-node (it passes its settings to `resolve`): an aliased
 * import is looked for only in its folder, any other bare import in node_modules as usual.
 */
export const aliasPackageIterator = (request, _start, defaultCandidates) => {
  for (const [prefix, dir] of Object.entries(webAliasDirs))
    if (request.startsWith(prefix)) return [path.join(repoRoot, dir, request.slice(prefix.length))];
  return defaultCandidates();
};
