import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { FileRef } from '../../domain/request/state';

export interface StoredBlob {
  readonly checksum: string;
  readonly size: number;
  /** True when the upload was cut at the size limit (the caller refuses it). */
  readonly truncated: boolean;
}

/**
 * Content-addressed file storage: a blob lives at `<root>/<sha256[0..2]>/<sha256[2..4]>/<sha256>`.
 * Uploads go to a temporary file first and are renamed into place, so a blob is either whole or
 * absent. Events reference files by id and checksum; a blob no event references (a refused save)
 * is never listed or served, since every download goes through a read model of the events.
 */
export class FileStore {
  constructor(readonly root: string) {}

  pathOf(checksum: string): string {
    if (!/^[0-9a-f]{64}$/.test(checksum)) throw new Error('bad checksum');
    return path.join(this.root, checksum.slice(0, 2), checksum.slice(2, 4), checksum);
  }

  async put(source: Readable, isTruncated: () => boolean = () => false): Promise<StoredBlob> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tmp));
      const checksum = hash.digest('hex');
      if (isTruncated()) {
        await rm(tmp, { force: true });
        return { checksum, size, truncated: true };
      }
      const target = this.pathOf(checksum);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
      return { checksum, size, truncated: false };
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async putBuffer(content: Buffer): Promise<StoredBlob> {
    const { Readable } = await import('node:stream');
    return this.put(Readable.from([content]));
  }

  async exists(checksum: string): Promise<boolean> {
    try {
      await stat(this.pathOf(checksum));
      return true;
    } catch {
      return false;
    }
  }

  open(checksum: string): Readable {
    return createReadStream(this.pathOf(checksum));
  }
}

/** A stored upload described the way request events reference it. */
export const fileRefOf = (fileId: number, name: string, mimetype: string, blob: StoredBlob): FileRef => ({
  file_id: String(fileId),
  file_name: name,
  mimetype,
  size: blob.size,
  checksum: blob.checksum,
});
