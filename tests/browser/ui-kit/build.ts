import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { viteAliases } from '../../../web/aliases.mjs';

const out = path.resolve(import.meta.dirname, '../../artifacts/ui-kit');

/** Bundles main.tsx into one script (tests/artifacts/ui-kit/ui-kit.js) a blank page can run. */
export const buildUiKit = async (): Promise<string> => {
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: viteAliases },
    define: { __APP_VERSION__: JSON.stringify('ui-kit') },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: path.join(import.meta.dirname, 'main.tsx'),
        output: { format: 'iife', entryFileNames: 'ui-kit.js' },
      },
    },
  });
  return readFileSync(path.join(out, 'ui-kit.js'), 'utf8');
};
