import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer (deflate, data descriptors, UTF-8 names): entries are compressed as their
 * content arrives and written to `stream` with backpressure, so a document of any length is built
 * in constant memory. Enough of the format for .docx packages (no ZIP64: entries below 4 GB).
 */
export class ZipStream {
  /** The zip bytes; pipe it to the response. */
  readonly stream = new PassThrough({ highWaterMark: 256 * 1024 });
  private offset = 0;
  private readonly entries: Array<{ name: Buffer; crc: number; compressed: number; size: number; offset: number }> = [];
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(now: Date = new Date()) {
    this.dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
    this.dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Adds one entry whose content is streamed (strings are UTF-8). */
  async add(name: string, content: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const start = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.dosTime, 10);
    header.writeUInt16LE(this.dosDate, 12);
    // crc and sizes (14..25) are zero: they follow in the data descriptor
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    await this.write(header);
    await this.write(nameBytes);

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const pump = (async () => {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        compressed += out.length;
        await this.write(out);
      }
    })();
    for await (const part of content) {
      const chunk = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      if (chunk.length === 0) continue;
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await pump;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name: nameBytes, crc: crc >>> 0, compressed, size, offset: start });
  }

  /** Writes the central directory and ends the stream. */
  async finish(): Promise<void> {
    const cdStart = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.dosTime, 12);
      h.writeUInt16LE(this.dosDate, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal and external attributes stay zero
      h.writeUInt32LE(e.offset, 42);
      await this.write(h);
      await this.write(e.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - cdStart, 12);
    end.writeUInt32LE(cdStart, 16);
    await this.write(end);
    this.stream.end();
  }
}
