import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { viteAliases } from './aliases.mjs';
import { budgets } from './build/budgets.js';
import { precompressPlugin } from './build/precompress.js';
import { sizeBudgetPlugin } from './build/size-budget.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const OWN_MODULE = /[\\/](web[\\/]src|domain)[\\/][^?]*\.tsx?$/;
/** dayjs's Russian locale set globally; zod's effects patched before any parse; the entry itself. */
const SIDE_EFFECTS = /[\\/](web[\\/]src[\\/]lib[\\/]dayjs\.ts|domain[\\/]shared[\\/]zod-effects\.ts|web[\\/]src[\\/]main\.tsx)$/;

/**
 * The client lives in web/ and is built into web/dist, which the server serves from the same
 * origin. The client imports its own folders as `@/…` and the shared domain (rights, zod schemas,
 * dates) as `@domain/…` (web/aliases.mjs), so the dev server may read the whole repository.
 */
export default defineConfig({
  root: webRoot,
  // The budgets fail a build whose first screens grew; the files are compressed once here, not per request.
  plugins: [react(), sizeBudgetPlugin(budgets), precompressPlugin()],
  resolve: { alias: viteAliases },
  define: {
    // The client's own version, compared with the server's `appversion` header.
    __APP_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Our client's and domain's modules only declare things (components, schemas, tables), so an
      // unused import of one may be dropped: a barrel (`@/components`, a feature's index) then no
      // longer drags every screen's code into the chunk of whoever imports one name from it. The
      // few modules that act when imported are listed; packages keep their own package.json say.
      treeshake: { moduleSideEffects: (id: string) => (OWN_MODULE.test(id) ? SIDE_EFFECTS.test(id) : undefined) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: { '/api': 'http://localhost:3000' },
  },
});
