import { appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';
import { demoLogins } from './seed/demo-data';
import { portIsFreeOn, redisAnswers } from './start-checks';
import { explainStartFailure, failureDetails, maskUrl, StartupError } from './start-failure';
import { installServerTricks } from '../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

const config = loadConfig();

/**
 * Where the technical details of a failed start go: the data folder, or the temporary folder when
 * the data folder itself cannot be written. Null when neither can.
 */
const writeDetails = (error: unknown): string | null => {
  const text = `${new Date().toISOString()}\n${failureDetails(error)}\n\n`;
  for (const dir of [config.dataDir, tmpdir()]) {
    const file = path.join(dir, 'start-failure.log');
    try {
      mkdirSync(dir, { recursive: true });
      appendFileSync(file, text, { mode: 0o600 });
      return file;
    } catch {
      // the next place
    }
  }
  return null;
};

/**
 * Every start failure ends here: the cause and the fix in Russian, then exit code 1. The stack goes
 * to a file (named), and to the console too with DEBUG=1.
 */
function fail(error: unknown): never {
  const file = writeDetails(error);
  const details = process.env.DEBUG ? `\n${failureDetails(error)}\n` : file ? `Подробности для разработчиков: ${file}\n` : '';
  console.error(`\nСлужба не запустилась.\n${explainStartFailure(error, config)}\n${details}`);
  process.exit(1);
}

// A busy HTTP port is found before the database is started, not after migrations and the seed.
if (!(await portIsFreeOn(config.host, config.port))) fail(Object.assign(new Error('port busy'), { code: 'EADDRINUSE', syscall: 'listen' }));
if (config.redisUrl && !(await redisAnswers(config.redisUrl)))
  fail(
    new StartupError(
      `Redis ${maskUrl(config.redisUrl)} (REDIS_URL) не отвечает.\n` +
        'Запустите Redis или исправьте REDIS_URL; без REDIS_URL задания работают на PostgreSQL в этом же процессе.',
    ),
  );

let server: RunningServer;
try {
  server = await startServer(config, { httpLogger: false, livingDemo: true, demoHotline: true });
} catch (error) {
  fail(error);
}

const seeded = server.seeded;
const logins = config.demo
  ? `Демо-входы (пароль: ${config.seedPassword}):\n${demoLogins.map((l) => `  ${l.login.padEnd(10)} ${l.description}`).join('\n')}`
  : '';
const firstAdmin =
  seeded?.kind === 'initial'
    ? `Создан администратор: логин ${seeded.login}, пароль ${seeded.password}\n` +
      'Пароль показан один раз: сохраните его и смените после входа (Администрирование → Пользователи).'
    : '';

console.log(`
Служба ИТ-поддержки судов ${config.appVersion} работает: ${server.url}
База данных: ${config.databaseUrl ? 'DATABASE_URL' : `встроенный PostgreSQL, папка данных ${config.dataDir}`}
Задания: ${config.redisUrl ? 'BullMQ на Redis' : 'BullMQ на PostgreSQL (в этом процессе)'}
Горячая линия: ${server.ctx.config.hotlineUrl ? (config.hotlineUrl ? 'HOTLINE_URL' : `демонстрационный имитатор API ГЛ (${server.ctx.config.hotlineUrl})`) : 'не задана (HOTLINE_URL)'}
Почта: ${config.smtpUrl ? 'SMTP_URL' : 'SMTP_URL не задан: письма сохраняются в службе (Администрирование → Исходящие письма и вызовы ГЛ)'}
${seeded?.kind === 'demo' ? 'Загружены демонстрационные данные.' : seeded ? 'Загружены справочники.' : ''}
${firstAdmin}${logins}
`);

// Ctrl+C reaches both npm start's wrapper (which forwards it) and this process: close once.
let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
process.on('SIGHUP', shutdown);
