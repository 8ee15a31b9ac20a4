import pg from 'pg';

/** The benchmark database: BENCH_DATABASE_URL, default a dedicated database on the local server. */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/itsup_bench';

export const benchDatabaseUrl = (explicit?: string | null): string =>
  explicit || process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database when it is missing; with `fresh`, drops it first. Returns true when it was created. */
export const ensureDatabase = async (url: string, fresh: boolean): Promise<boolean> => {
  const name = databaseName(url);
  if (!name) throw new Error(`No database name in ${url}`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } finally {
    await admin.end();
  }
};

/** A row of es_events as the generator makes it (data and metadata already JSON). */
export interface EventRow {
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly data: string;
  readonly meta: string;
  /** The command's time (ms); also es_events.created_at. */
  readonly at: number;
}

/** COPY text format: a backslash is the only character of our JSON and ids that needs escaping. */
const copyText = (s: string) => (s.includes('\\') ? s.replace(/\\/g, '\\\\') : s);

interface PgConnection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * `COPY ... FROM STDIN` with the whole payload at hand: pg's own Query object with the copy-in
 * step filled in (pg ships no COPY support of its own; this avoids a dependency for 10 lines).
 */
const copyFrom = (client: pg.Client, statement: string, chunks: readonly Buffer[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const QueryClass = pg.Query as unknown as new (config: { text: string; callback: (err: Error | null) => void }) => object;
    class CopyIn extends QueryClass {
      handleCopyInResponse(connection: PgConnection) {
        for (const c of chunks) connection.sendCopyFromChunk(c);
        connection.endCopyFrom();
      }
    }
    void client.query(new CopyIn({ text: statement, callback: (err) => (err ? reject(err) : resolve()) }) as unknown as pg.QueryConfig);
  });

/**
 * Writes generated events in log order: one COPY per batch on one connection, so every batch is
 * its own transaction and the global order (transaction id, position) is the order of generation.
 * The next batch is built while the previous one is written.
 */
export class EventWriter {
  private pending: Promise<unknown> = Promise.resolve();
  written = 0;

  constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<EventWriter> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // A crash during seeding leaves a half-filled bench database anyway: no need to wait for the WAL flush.
    await client.query('SET synchronous_commit = off');
    return new EventWriter(client);
  }

  /** Queues a batch; resolves when the previous batch is written (the caller builds the next meanwhile). */
  async write(rows: readonly EventRow[]): Promise<void> {
    if (rows.length === 0) return;
    const chunks: Buffer[] = [];
    let lines: string[] = [];
    for (const r of rows) {
      lines.push(`${copyText(r.stream)}\t${r.revision}\t${r.type}\t${copyText(r.data)}\t${copyText(r.meta)}\t${new Date(r.at).toISOString()}\n`);
      if (lines.length === 2000) {
        chunks.push(Buffer.from(lines.join('')));
        lines = [];
      }
    }
    if (lines.length) chunks.push(Buffer.from(lines.join('')));
    await this.pending;
    this.pending = copyFrom(this.client, 'COPY es_events (stream_id, stream_revision, type, data, metadata, created_at) FROM STDIN', chunks);
    this.written += rows.length;
  }

  async flush(): Promise<void> {
    await this.pending;
  }

  async close(): Promise<void> {
    await this.pending;
    await this.client.end();
  }
}
