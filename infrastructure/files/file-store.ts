import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import type { FileRef } from '../../domain/request/state';

export interface StoredBlob {
  readonly checksum: string;
  readonly size: number;
  /** True when the upload was cut at a size limit (the caller refuses it). */
  readonly truncated: boolean;
}

/** An upload written to a temporary file, not yet in the store: `commit` moves it in, `discard` deletes it. */
export interface StagedBlob extends StoredBlob {
  readonly tmpPath: string;
}

/**
 * Content-addressed file storage: a blob lives at `<root>/<sha256[0..2]>/<sha256[2..4]>/<sha256>`.
 * An upload is staged in `<root>/tmp` while it streams in and is renamed into place only once the
 * command that references it was accepted, so a refused call leaves nothing behind and a blob is
 * either whole or absent.
 */
export class FileStore {
  private swept = false;

  constructor(readonly root: string) {}

  pathOf(checksum: string): string {
    if (!/^[0-9a-f]{64}$/.test(checksum)) throw new Error('bad checksum');
    return path.join(this.root, checksum.slice(0, 2), checksum.slice(2, 4), checksum);
  }

  /**
   * Streams `source` into a temporary file. `isTruncated` reports a limit cut by the parser;
   * past `maxBytes` the rest is read but not written (the stream must be drained to keep the
   * connection usable) and the blob comes back truncated, already deleted.
   */
  async stage(source: Readable, isTruncated: () => boolean = () => false, maxBytes = Infinity): Promise<StagedBlob> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    if (!this.swept) {
      this.swept = true;
      this.sweepStale(tmpDir).catch(() => undefined);
    }
    const tmpPath = path.join(tmpDir, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done();
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tmpPath));
    } catch (error) {
      await rm(tmpPath, { force: true });
      throw error;
    }
    const checksum = hash.digest('hex');
    if (isTruncated() || size > maxBytes) {
      await rm(tmpPath, { force: true });
      return { checksum, size, truncated: true, tmpPath };
    }
    return { checksum, size, truncated: false, tmpPath };
  }

  /** Deletes temporary files a crashed process left behind (older than a day: no upload streams that long). */
  private async sweepStale(tmpDir: string): Promise<void> {
    const cutoff = Date.now() - 24 * 60 * 60 * 1000;
    for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
      const file = path.join(tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  /** Moves staged blobs into the store (an existing blob of the same content is simply replaced). */
  async commit(blobs: readonly StagedBlob[]): Promise<void> {
    for (const b of blobs) {
      const target = this.pathOf(b.checksum);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(b.tmpPath, target);
    }
  }

  /** Deletes staged blobs not committed (a no-op for those already moved). */
  async discard(blobs: readonly StagedBlob[]): Promise<void> {
    await Promise.all(blobs.map((b) => rm(b.tmpPath, { force: true })));
  }

  /** Stages and commits at once: for files that no command can refuse (the demo seed). */
  async put(source: Readable): Promise<StoredBlob> {
    const blob = await this.stage(source);
    await this.commit([blob]);
    return { checksum: blob.checksum, size: blob.size, truncated: blob.truncated };
  }

  async putBuffer(content: Buffer): Promise<StoredBlob> {
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
