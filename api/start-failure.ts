import type { Config } from './config';

/** A start failure whose message already says, in Russian, what went wrong and how to fix it. */
export class StartupError extends Error {
  override name = 'StartupError';
}

interface SystemError {
  readonly code?: unknown;
  readonly syscall?: unknown;
  readonly message?: unknown;
}

/** The error and everything it wraps (slonik and pg wrap the socket error in `cause`). */
const chain = (error: unknown): unknown[] => {
  const seen: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && !seen.includes(e) && seen.length < 10; e = (e as { cause?: unknown }).cause) {
    seen.push(e);
    for (const inner of (e as { errors?: unknown }).errors instanceof Array ? ((e as { errors: unknown[] }).errors) : []) seen.push(inner);
  }
  return seen;
};

/** A connection string with its password hidden, fit for the console. */
export const maskUrl = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL не разобран)';
  }
};

/** Never `undefined`: the message of an error, whatever was thrown. */
export const describeError = (error: unknown): string => {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  if (error === undefined || error === null) return 'неизвестная ошибка (без описания)';
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
};

const httpPortMessage = (e: SystemError, config: Config): string | null => {
  if (e.syscall !== 'listen' && e.code !== 'EADDRINUSE') return null;
  const at = `${config.host}:${config.port}`;
  if (e.code === 'EADDRINUSE')
    return `Порт ${config.port} (${at}) уже занят другой программой — возможно, служба уже запущена.\n` +
      `Остановите ту программу или укажите другой порт, например: PORT=${config.port + 1} npm start`;
  if (e.code === 'EACCES')
    return `Нет прав открыть порт ${config.port}: порты ниже 1024 доступны только администратору.\nУкажите порт от 1024, например: PORT=3000 npm start`;
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND')
    return `Адрес ${config.host} (HOST) не принадлежит этой машине.\nУкажите HOST=0.0.0.0 (все адреса) или адрес одного из её сетевых интерфейсов.`;
  return null;
};

const databaseMessage = (e: SystemError, config: Config): string | null => {
  if (!config.databaseUrl) return null;
  const url = maskUrl(config.databaseUrl);
  const fix = 'Исправьте DATABASE_URL или уберите его: без него служба работает на встроенном PostgreSQL в DATA_DIR.';
  if (e.code === 'ECONNREFUSED' || e.code === 'ETIMEDOUT' || e.code === 'EHOSTUNREACH')
    return `Сервер базы данных ${url} (DATABASE_URL) не отвечает (${String(e.code)}).\nЗапустите PostgreSQL. ${fix}`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `Имя сервера базы данных в ${url} (DATABASE_URL) не найдено (${String(e.code)}).\n${fix}`;
  if (e.code === '28P01' || e.code === '28000')
    return `Сервер базы данных ${url} (DATABASE_URL) отклонил вход: нет такого пользователя или неверный пароль.\n${fix}`;
  if (e.code === '3D000') return `Базы данных из ${url} (DATABASE_URL) нет на сервере.\nСоздайте её (createdb <имя>). ${fix}`;
  return null;
};

/** Whether the failure has a known cause (a message of ours), rather than an unexpected error. */
const knownCause = (error: unknown, config: Config): string | null => {
  for (const e of chain(error)) {
    if (e instanceof StartupError) return e.message;
    if (typeof e !== 'object' || e === null) continue;
    const known = httpPortMessage(e as SystemError, config) ?? databaseMessage(e as SystemError, config);
    if (known) return known;
  }
  return null;
};

/**
 * What `npm start` prints when the server could not start: the cause and the fix, never
 * `undefined`, never a stack (the caller writes it to a file, or prints it with DEBUG).
 */
export const explainStartFailure = (error: unknown, config: Config): string =>
  knownCause(error, config) ??
  `Сервер не запустился: ${describeError(error).split('\n')[0]}\n` +
    'Если причина в папке данных, укажите другую (DATA_DIR=/путь npm start); иначе пришлите разработчикам этот текст и файл с подробностями.';

/** The technical details of a failure (every error of the chain with its stack), for the file or DEBUG. */
export const failureDetails = (error: unknown): string =>
  chain(error)
    .map((e) => (e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : describeError(e)))
    .join('\n\ncaused by: ');
