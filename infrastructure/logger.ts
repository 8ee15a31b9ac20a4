/** The logging surface the write and read sides use; the API passes fastify's pino logger. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const line = (level: string) => (obj: object, msg?: string) => {
  const out = level === 'error' ? console.error : console.log;
  out(JSON.stringify({ level, time: new Date().toISOString(), msg, ...obj }));
};

export const consoleLogger: Logger = { info: line('info'), warn: line('warn'), error: line('error') };

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
