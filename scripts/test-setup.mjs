#!/usr/bin/env node
// `npm test` runs this first, so the README's test command alone sets up a fresh machine of our kind
// (Debian 12, Node 20): it installs the npm dependencies when they are missing or older than the lock
// file, starts PostgreSQL and Redis when they are down, and installs through apt, as root, the programs
// the tests call (chromium, OpenSSL's GOST engine, LibreOffice, poppler-utils). What it cannot do (not
// root, not installed) stops the run at once with one line naming the missing piece and the command
// that installs it. The vitest set-ups call the same functions (tests/support/services.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the tests need and this could not provide: `line` is the one line the run stops with. */
export class SetupMissing extends Error {
  constructor(ru, en, fix) {
    super(`Тестам не хватает: ${ru} / Tests need: ${en}. ${fix}`);
    this.name = 'SetupMissing';
  }
}

const isRoot = () => process.getuid?.() === 0;
const sudo = (command, root = isRoot()) => (root ? command : `sudo ${command}`);
const onPath = (program) => (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, program)));

/** The programs the tests call, each with the Debian packages that bring it. */
export const machinePrograms = [
  { ru: 'Debian chromium (браузерные тесты)', en: 'Debian chromium (browser tests)', present: () => existsSync('/usr/bin/chromium'), packages: ['chromium'] },
  {
    ru: 'GOST-движок OpenSSL (проверка подписей)',
    en: "OpenSSL's GOST engine (signature checks)",
    present: () => spawnSync('openssl', ['engine', 'gost'], { stdio: 'ignore' }).status === 0,
    packages: ['openssl', 'libengine-gost-openssl'],
  },
  { ru: 'LibreOffice (soffice)', en: 'LibreOffice (soffice)', present: () => onPath('soffice'), packages: ['libreoffice-writer-nogui', 'libreoffice-calc-nogui'] },
  { ru: 'poppler-utils (pdftotext, pdfinfo)', en: 'poppler-utils (pdftotext, pdfinfo)', present: () => onPath('pdftotext') && onPath('pdfinfo'), packages: ['poppler-utils'] },
];

/** Installs missing Debian packages through apt as root (one update, one install); otherwise stops naming them. */
const aptInstall = (missing, root = isRoot()) => {
  if (missing.length === 0) return;
  const packages = missing.flatMap((m) => m.packages);
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (!root || !onPath('apt-get'))
    throw new SetupMissing(missing.map((m) => m.ru).join(', '), missing.map((m) => m.en).join(', '), `Установите / install: ${sudo(command, root)}`);
  console.log(`[test setup] apt-get install ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const still = missing.filter((m) => !m.present());
  if (still.length) throw new SetupMissing(still.map((m) => m.ru).join(', '), still.map((m) => m.en).join(', '), `apt-get не установил их / apt-get did not install them: ${command}`);
};

/** The programs of `machinePrograms` (or the ones given) that are missing, installed or named. */
export const ensurePrograms = (programs = machinePrograms, root = isRoot()) => aptInstall(programs.filter((p) => !p.present()), root);

const portOpen = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });

const waitForPort = async (port, host, what) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await portOpen(port, host)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new SetupMissing(`${what} не открыл порт ${port}`, `${what} did not open port ${port}`, 'Посмотрите его журнал / see its log.');
};

/** Where the tests find PostgreSQL (TEST_DATABASE_URL, else the machine's own on 127.0.0.1:5432, trust auth). */
export const adminDatabaseUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const local = (host) => host === '127.0.0.1' || host === 'localhost';

/** PostgreSQL answers on the tests' address: started with Debian's pg_ctlcluster when it is down here. */
export const ensurePostgres = async () => {
  const url = new URL(adminDatabaseUrl());
  const port = Number(url.port || 5432);
  if (await portOpen(port, url.hostname)) return;
  const where = `${url.hostname}:${port}`;
  if (!local(url.hostname)) throw new SetupMissing(`PostgreSQL на ${where} (TEST_DATABASE_URL)`, `PostgreSQL at ${where} (TEST_DATABASE_URL)`, 'Запустите его / start it.');
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
  if (versions.length === 0)
    throw new SetupMissing(
      `PostgreSQL на ${where}`,
      `PostgreSQL on ${where}`,
      `Установите / install: ${sudo('apt-get install -y postgresql')}, разрешите trust для 127.0.0.1 и создайте базу test / allow trust on 127.0.0.1 and create the database test`,
    );
  const version = versions.at(-1);
  const start = `pg_ctlcluster --skip-systemctl-redirect ${version} main start`;
  if (!isRoot() && process.env.USER !== 'postgres') throw new SetupMissing(`запущенный PostgreSQL на ${where}`, `a running PostgreSQL on ${where}`, `Запустите / start it: ${sudo(start)}`);
  console.log(`[test setup] ${start}`);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  await waitForPort(port, url.hostname, 'PostgreSQL');
};

/** The tests' database exists (created in the `postgres` database when missing). */
const ensureTestDatabase = async () => {
  const { default: pg } = await import('pg');
  const url = new URL(adminDatabaseUrl());
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    if (error.code !== '3D000') throw new SetupMissing(`доступ к PostgreSQL (${error.message})`, `access to PostgreSQL (${error.message})`, 'Тесты входят как postgres без пароля (trust для 127.0.0.1) / the tests sign in as postgres without a password (trust on 127.0.0.1).');
  }
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    console.log(`[test setup] CREATE DATABASE ${name}`);
    await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
};

/** Redis answers on the tests' address: started as a daemon when it is down here (installed through apt as root). */
export const ensureRedis = async () => {
  const url = new URL(testRedisUrl());
  const port = Number(url.port || 6379);
  if (await portOpen(port, url.hostname)) return;
  if (!local(url.hostname)) throw new SetupMissing(`Redis на ${url.host} (TEST_REDIS_URL)`, `Redis at ${url.host} (TEST_REDIS_URL)`, 'Запустите его / start it.');
  aptInstall([{ ru: 'Redis', en: 'Redis', present: () => onPath('redis-server'), packages: ['redis-server'] }].filter((p) => !p.present()));
  console.log(`[test setup] redis-server on 127.0.0.1:${port}`);
  execFileSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'inherit' });
  await waitForPort(port, url.hostname, 'Redis');
};

/** node_modules as the lock file says: `npm ci` when they are missing or older than package-lock.json. */
export const ensureDependencies = () => {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('[test setup] npm ci');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new SetupMissing('npm-зависимостей (npm ci не прошёл, причина выше)', 'the npm dependencies (npm ci failed, see above)', 'Проверьте доступ к реестру npm / check access to the npm registry: npm ci');
};

/** Everything `npm test` needs, in the order that lets each step use the one before. */
export const setUpTests = async () => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    throw new SetupMissing(`Node.js 20.19 или новее (запущен ${process.versions.node})`, `Node.js 20.19 or newer (running ${process.versions.node})`, 'Установите / install it: https://nodejs.org');
  ensureDependencies();
  ensurePrograms();
  await ensurePostgres();
  await ensureTestDatabase();
  await ensureRedis();
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await setUpTests();
  } catch (error) {
    console.error(error instanceof SetupMissing ? error.message : `Подготовка к тестам не удалась / test setup failed: ${error?.stack ?? error}`);
    process.exit(1);
  }
}
