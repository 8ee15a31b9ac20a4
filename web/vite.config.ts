import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { viteAliases } from './aliases.mjs';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The client lives in web/ and is built into web/dist, which the server serves from the same
 * origin. The client imports its own folders as `@/…` and the shared domain (rights, zod schemas,
 * dates) as `@domain/…` (web/aliases.mjs), so the dev server may read the whole repository.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: { alias: viteAliases },
  define: {
    // The client's own version, compared with the server's `appversion` header.
    __APP_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: { '/api': 'http://localhost:3000' },
  },
});
