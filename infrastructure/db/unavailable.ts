/**
 * Whether an error means the database cannot be reached (down, restarting, refusing connections),
 * as opposed to a bug in a statement: callers retry or answer 503 instead of failing for good.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
// admin_shutdown, crash_shutdown, cannot_connect_now, database does not exist; class 08 is connection_exception.
const PG_CODES = new Set(['57P01', '57P02', '57P03', '3D000']);
const SLONIK_NAMES = new Set(['ConnectionError', 'BackendTerminatedError', 'BackendTerminatedUnexpectedlyError']);

export const isDatabaseUnavailable = (error: unknown): boolean => {
  // Slonik wraps the driver's error in `cause`; pg puts a socket error's code on the error itself.
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, message } = e as { name?: unknown; code?: unknown; message?: unknown };
    if (typeof name === 'string' && SLONIK_NAMES.has(name)) return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
};
