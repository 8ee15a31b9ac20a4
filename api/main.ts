import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';
import { demoLogins } from './seed/demo-data';
import { portIsFreeOn, redisAnswers } from './start-checks';
import { explainStartFailure, maskUrl, StartupError } from './start-failure';

const config = loadConfig();

/** Every start failure ends here: the cause and the fix, then exit code 1. */
function fail(error: unknown): never {
  console.error(`\nСлужба не запустилась.\n${explainStartFailure(error, config)}\n`);
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
  server = await startServer(config, { httpLogger: false, livingDemo: true });
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
