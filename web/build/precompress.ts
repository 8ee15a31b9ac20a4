import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its lookups cost. */
const MIN_BYTES = 1024;

const walk = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(file)));
    else out.push(file);
  }
  return out;
};

export interface Precompressed {
  readonly file: string;
  readonly bytes: number;
  readonly br: number | null;
  readonly gz: number | null;
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of
 * `dir` of a kilobyte or more, each only when smaller than the file: the server sends them as they
 * are (api/http/client-files.ts), so the strongest levels cost the build once, never a request.
 */
export const precompressDir = async (dir: string): Promise<Precompressed[]> => {
  const files = (await walk(dir)).filter((f) => COMPRESSIBLE.test(f));
  return Promise.all(
    files.map(async (file): Promise<Precompressed> => {
      const { size } = await stat(file);
      if (size < MIN_BYTES) return { file, bytes: size, br: null, gz: null };
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const keep = async (copy: Buffer, ext: string) => {
        if (copy.length >= body.length) return null;
        await writeFile(`${file}${ext}`, copy);
        return copy.length;
      };
      return { file, bytes: size, br: await keep(br, '.br'), gz: await keep(gz, '.gz') };
    }),
  );
};

/** Compresses the written client (web/dist, public files included) after the build. */
export const precompressPlugin = (): Plugin => {
  let outDir = '';
  return {
    name: 'itsup:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const done = await precompressDir(outDir);
      const sum = (k: 'bytes' | 'br' | 'gz') => done.reduce((s, f) => s + (f[k] ?? (k === 'bytes' ? 0 : f.bytes)), 0);
      this.info(`precompressed ${done.filter((f) => f.br !== null).length} files: ${(sum('bytes') / 1e3).toFixed(0)} KB, brotli ${(sum('br') / 1e3).toFixed(0)} KB, gzip ${(sum('gz') / 1e3).toFixed(0)} KB`);
    },
  };
};
