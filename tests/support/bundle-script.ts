import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Rollup } from 'vite';
import { viteAliases } from '../../web/aliases.mjs';

/**
 * Bundles a test page's entry (and the client code it imports) into one script a page can run. The
 * bundle stays in memory: browser files run side by side, and a shared output folder emptied by each
 * build would be one file's script under another's feet.
 */
export const bundleScript = async (entry: string, appVersion: string): Promise<string> => {
  const result = (await build({
    configFile: false,
    root: path.dirname(entry),
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: viteAliases },
    define: { __APP_VERSION__: JSON.stringify(appVersion) },
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: entry, output: { format: 'iife', entryFileNames: 'bundle.js' } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => o.output).find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!chunk) throw new Error(`bundling ${entry} gave no script`);
  return chunk.code;
};
