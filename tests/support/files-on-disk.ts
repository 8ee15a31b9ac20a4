import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `dir` (temporary ones included), sorted: a refused call must leave none behind,
 * so the tests compare this before and after.
 */
export const filesUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(path.join(d, e.name));
    }
  };
  await walk(dir);
  return out.sort();
};

export const countFilesUnder = async (dir: string): Promise<number> => (await filesUnder(dir)).length;
