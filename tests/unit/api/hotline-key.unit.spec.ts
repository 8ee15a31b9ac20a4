import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';
import { withHotlineKey } from '../../../api/hotline-key';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('the hot line password key (decisions 68–71: encrypted at rest, the key outside the database)', () => {
  it('without HOTLINE_SECRET_KEY makes one random key in the data folder, readable by the service only, and keeps it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'itsup-key-'));
    const dataDir = path.join(dir, 'data');
    const first = await withHotlineKey(loadConfig({ DATA_DIR: dataDir }));
    expect(first.hotlineSecretKey).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'hotline-secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.hotlineSecretKey);
    const again = await withHotlineKey(loadConfig({ DATA_DIR: dataDir }));
    expect(again.hotlineSecretKey).toBe(first.hotlineSecretKey);
  });

  it('takes HOTLINE_SECRET_KEY when set and writes no file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'itsup-key-'));
    const config = await withHotlineKey(loadConfig({ DATA_DIR: dir, HOTLINE_SECRET_KEY: 'from-setting' }));
    expect(config.hotlineSecretKey).toBe('from-setting');
    await expect(stat(path.join(dir, 'hotline-secret.key'))).rejects.toThrow();
  });
});
