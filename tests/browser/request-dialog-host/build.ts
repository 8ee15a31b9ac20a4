import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { viteAliases } from '../../../web/aliases.mjs';

const out = path.resolve(import.meta.dirname, '../../artifacts/request-dialog-host');

/** Bundles main.tsx into one script (tests/artifacts/request-dialog-host/host.js) served on the app's origin. */
export const buildRequestDialogHost = async (): Promise<string> => {
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: viteAliases },
    define: { __APP_VERSION__: JSON.stringify(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')).version) },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: path.join(import.meta.dirname, 'main.tsx'),
        output: { format: 'iife', entryFileNames: 'host.js' },
      },
    },
  });
  return readFileSync(path.join(out, 'host.js'), 'utf8');
};
