import { loadConfig } from './config';
import { startServer } from './server';
import { demoLogins } from './seed/demo-data';

const config = loadConfig();
const server = await startServer(config, { httpLogger: false });

console.log(`
Служба ИТ-поддержки судов ${config.appVersion} работает: ${server.url}
База данных: ${config.databaseUrl ? 'DATABASE_URL' : `встроенный PostgreSQL в ${config.dataDir}/postgres`}
Задания: ${config.redisUrl ? 'BullMQ на Redis' : 'BullMQ на PostgreSQL (в этом процессе)'}
${server.seeded ? 'Загружены демонстрационные данные.' : ''}
Демо-входы (пароль: ${config.seedPassword}):
${demoLogins.map((l) => `  ${l.login.padEnd(10)} ${l.description}`).join('\n')}
`);

const shutdown = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
