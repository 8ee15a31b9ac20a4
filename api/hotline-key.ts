import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/**
 * The key of organisations' hot line passwords at rest (decisions 68–71): HOTLINE_SECRET_KEY when set,
 * otherwise a random key made once in the data folder (`hotline-secret.key`, readable by the
 * service's account only). Never in the database: a copy of the database alone does not give the
 * passwords away. Keep the file with the data folder's backups, or set HOTLINE_SECRET_KEY.
 */
export const withHotlineKey = async (config: Config): Promise<Config> => {
  if (config.hotlineSecretKey) return config;
  const file = path.join(config.dataDir, 'hotline-secret.key');
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start made it first: use the one on disk.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (!key) throw new Error(`${file} is empty: delete it or set HOTLINE_SECRET_KEY`);
  return { ...config, hotlineSecretKey: key };
};
